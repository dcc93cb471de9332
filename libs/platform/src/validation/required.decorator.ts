// A required property: a missing value (or null) says only "is required", whatever else the property's
// rules would say about it (the validation pipe keeps one message per property).
import { IsDefined } from 'class-validator';

export const Required = (): PropertyDecorator => IsDefined({ message: 'is required' });
