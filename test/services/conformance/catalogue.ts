import type { ApiRequest } from '../../../src/services/api.js';
import type { SeedContext } from './seeds.js';
import type { Shape } from './shape.js';

/** One call of a documented operation and the response the API's reference documents for it. */
export interface ReadCheck {
  /** What this call exercises, e.g. "default fields" or "unknown id". */
  name: string;
  request(seed: SeedContext): ApiRequest;
  status: number;
  /** An error the API documents (its body is the documented error shape), not a success. */
  error?: true;
  /** The documented body. */
  shape: Shape;
  /** The part of the body the shape describes (a GraphQL `data` field); the whole body by default. */
  body?(raw: unknown): unknown;
}

/** Every documented read operation of a service, each with the calls that check it. */
export type Catalogue = Record<string, ReadCheck[]>;
