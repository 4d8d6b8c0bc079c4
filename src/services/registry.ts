import type { Service } from '../schema/service.js';
import type { Actor } from '../schema/task.js';
import type { State } from '../state/state.js';
import type { Replica, ReplicaFactory } from './api.js';
import { BoxDocs, BoxTableKeys, createBoxReplica } from './box/index.js';
import { BoxInvariants } from './box/invariants.js';
import { BoxReadExposure } from './box/read-exposure.js';
import { boxWriteModel } from './box/write/index.js';
import { CalendarDocs, CalendarTableKeys, createCalendarReplica } from './calendar/index.js';
import { CalendarInvariants } from './calendar/invariants.js';
import { CalendarReadExposure } from './calendar/read-exposure.js';
import { calendarWriteModel } from './calendar/write/index.js';
import type { InvariantRule } from './invariant.js';
import { createLinearReplica, LinearDocs, LinearTableKeys } from './linear/index.js';
import { LinearInvariants } from './linear/invariants.js';
import { LinearReadExposure } from './linear/read-exposure.js';
import { linearWriteModel } from './linear/write/index.js';
import type { ServiceReadExposure } from './read-exposure.js';
import { createSlackReplica, SlackDocs, SlackTableKeys } from './slack/index.js';
import { SlackInvariants } from './slack/invariants.js';
import { SlackReadExposure } from './slack/read-exposure.js';
import { slackWriteModel } from './slack/write/index.js';
import type { WriteModel } from './write-model.js';

interface ServiceEntry {
  createReplica: ReplicaFactory;
  docs: string;
  tableKeys: Record<string, readonly string[]>;
  invariants: readonly InvariantRule[];
  readExposure: ServiceReadExposure;
  /** The write side (src/services/<service>/write/), once the service has one. */
  writeModel?: WriteModel;
}

/** The four replicated services; the only place that maps a service name to its code. */
const services: Record<Service, ServiceEntry> = {
  linear: {
    createReplica: createLinearReplica,
    docs: LinearDocs,
    tableKeys: LinearTableKeys,
    invariants: LinearInvariants,
    readExposure: LinearReadExposure,
    writeModel: linearWriteModel,
  },
  slack: {
    createReplica: createSlackReplica,
    docs: SlackDocs,
    tableKeys: SlackTableKeys,
    invariants: SlackInvariants,
    readExposure: SlackReadExposure,
    writeModel: slackWriteModel,
  },
  box: {
    createReplica: createBoxReplica,
    docs: BoxDocs,
    tableKeys: BoxTableKeys,
    invariants: BoxInvariants,
    readExposure: BoxReadExposure,
    writeModel: boxWriteModel,
  },
  calendar: {
    createReplica: createCalendarReplica,
    docs: CalendarDocs,
    tableKeys: CalendarTableKeys,
    invariants: CalendarInvariants,
    readExposure: CalendarReadExposure,
    writeModel: calendarWriteModel,
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

/** The invariants every state of a service holds (docs/pack-format.md, "Service invariants"). */
export function serviceInvariants(service: Service): readonly InvariantRule[] {
  return services[service].invariants;
}

/** What each read operation of a service exposes to the actor (docs/replicas.md). */
export function serviceReadExposure(service: Service): ServiceReadExposure {
  return services[service].readExposure;
}

/** The write model of a service: derives a pack's `calls` into row changes (docs/replicas.md). */
export function serviceWriteModel(service: Service): WriteModel | undefined {
  return services[service].writeModel;
}
