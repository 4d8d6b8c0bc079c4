// The documented operations of each service, read from the API documentation files the
// Agent-Diff benchmark ships (../shared/agent-diff/docs; read here, never copied).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Service } from '../../../src/schema/service.js';
import { AGENT_DIFF_DIR } from '../../support/shared.js';

interface DocsEntry {
  description?: string;
  operation_type?: string;
}

/** Slack methods in the docs that only read (the rest create, change, join or open). */
const SLACK_READ_METHOD =
  /^(auth\.test|[a-z]+\.(history|info|list|members|replies|get|conversations)|search\.\w+)$/;

function isRead(service: Service, name: string, entry: DocsEntry): boolean {
  switch (service) {
    case 'slack':
      return SLACK_READ_METHOD.test(name);
    case 'linear':
      return entry.operation_type === 'query';
    case 'calendar':
      // freeBusy is a POST that only reads (Google documents it as a query).
      return name.startsWith('GET ') || name === 'POST /freeBusy';
    default:
      return name.startsWith('GET ');
  }
}

/** Every documented read operation of a service, in the docs file's order. */
export function documentedReads(service: Service): string[] {
  const file = path.join(AGENT_DIFF_DIR, 'docs', `${service}_api_full_docs.json`);
  const docs = JSON.parse(readFileSync(file, 'utf8')) as Record<string, DocsEntry>;
  return Object.entries(docs)
    .filter(([name, entry]) => isRead(service, name, entry))
    .map(([name]) => name);
}
