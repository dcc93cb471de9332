// Imported first by main.ts: the instrumentations must be in place before the modules they patch are loaded.
import { startTracing } from '@gateway/tracing';

export const tracing = startTracing('internal-gateway');
