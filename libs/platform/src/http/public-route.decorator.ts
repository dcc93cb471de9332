// Auth is deny by default: a route is reachable without a bearer token only when marked public.
import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE = 'gateway:public-route';

/** Marks a controller or handler as reachable without authentication. */
export const PublicRoute = () => SetMetadata(PUBLIC_ROUTE, true);
