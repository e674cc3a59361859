import { queryOptions } from '@tanstack/react-query';
import type { PublicConfig } from '../../core/schemas/config.ts';

/** GET /api/config: the server's public runtime configuration (payments on or off, ...). */
export const configQuery = queryOptions<PublicConfig>({ queryKey: ['/api/config'] });
