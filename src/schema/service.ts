import { z } from 'zod';

export const SERVICES = ['linear', 'slack', 'box', 'calendar'] as const;
export const ServiceSchema = z.enum(SERVICES);
export type Service = z.infer<typeof ServiceSchema>;
