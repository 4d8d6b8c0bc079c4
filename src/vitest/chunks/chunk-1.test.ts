// Generated cases of the tasks assigned to chunk 1 (see run-plan.ts).
import { registerChunk } from '../register-chunk.js';

await registerChunk(1);
