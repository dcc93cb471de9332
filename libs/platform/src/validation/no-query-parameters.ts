// The query of an operation that takes no query parameters, for `@Query() _query: NoQueryParameters`: the
// global validation pipe (whitelist, forbidNonWhitelisted) then refuses every parameter with 400
// `/query/<name>` "is not a known property", as it refuses unknown ones of a query class.
import { Equals } from 'class-validator';

export class NoQueryParameters {
  // class-validator refuses a class without any validation metadata (forbidUnknownValues); this property
  // carries the one it needs, and is refused as any other name would be when it is sent.
  @Equals(undefined, { message: 'is not a known property' })
  readonly none?: undefined;
}
