import type { z } from '@hono/zod-openapi';
import type { AuthResultSchema } from './dto';

export type AuthResult = z.infer<typeof AuthResultSchema>;
