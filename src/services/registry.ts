import type { Service } from '../schema/service.js';
import type { Actor } from '../schema/task.js';
import type { State } from '../state/state.js';
import type { Replica, ReplicaFactory } from './api.js';
import { BoxDocs, BoxTableKeys, createBoxReplica } from './box/index.js';
import { BoxReadExposure } from './box/read-exposure.js';
import { CalendarDocs, CalendarTableKeys, createCalendarReplica } from './calendar/index.js';
import { CalendarReadExposure } from './calendar/read-exposure.js';
import { createLinearReplica, LinearDocs, LinearTableKeys } from './linear/index.js';
import { LinearReadExposure } from './linear/read-exposure.js';
import type { ServiceReadExposure } from './read-exposure.js';
import { createSlackReplica, SlackDocs, SlackTableKeys } from './slack/index.js';
import { SlackReadExposure } from './slack/read-exposure.js';

interface ServiceEntry {
  createReplica: ReplicaFactory;
  docs: string;
  tableKeys: Record<string, readonly string[]>;
  readExposure: ServiceReadExposure;
}

/** The four replicated services; the only place that maps a service name to its code. */
const services: Record<Service, ServiceEntry> = {
  linear: {
    createReplica: createLinearReplica,
    docs: LinearDocs,
    tableKeys: LinearTableKeys,
    readExposure: LinearReadExposure,
  },
  slack: {
    createReplica: createSlackReplica,
    docs: SlackDocs,
    tableKeys: SlackTableKeys,
    readExposure: SlackReadExposure,
  },
  box: {
    createReplica: createBoxReplica,
    docs: BoxDocs,
    tableKeys: BoxTableKeys,
    readExposure: BoxReadExposure,
  },
  calendar: {
    createReplica: createCalendarReplica,
    docs: CalendarDocs,
    tableKeys: CalendarTableKeys,
    readExposure: CalendarReadExposure,
  },
};

export function createReplica(service: Service, state: State, actor: Actor): Replica {
  return services[service].createReplica(state, actor);
}

/** API documentation of a service, as the public task view carries it. */
export function serviceDocs(service: Service): string {
  return services[service].docs;
}

/** Primary keys of a service's storage tables (for importing seeds that do not declare them). */
export function serviceTableKeys(service: Service): Record<string, readonly string[]> {
  return services[service].tableKeys;
}

/** What each read operation of a service exposes to the actor (docs/replicas.md). */
export function serviceReadExposure(service: Service): ServiceReadExposure {
  return services[service].readExposure;
}
