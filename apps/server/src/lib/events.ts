import { EventEmitter } from 'node:events';

/** Domain events published by use cases after their transaction commits; the realtime gateway listens. */
export interface DomainEvents {
  'realtime.center': { organisationId: string; centerId: string; payload: Record<string, unknown> };
  'realtime.organisation': { organisationId: string; payload: Record<string, unknown> };
  /** To the browsers at `centerId` that own the reader `sn`. */
  'realtime.reader': { organisationId: string; centerId: string; sn: string; payload: Record<string, unknown> };
  /** To the tablets signed in at `centerId` under the name `padId`. */
  'realtime.pad': { organisationId: string; centerId: string; padId: string; payload: Record<string, unknown> };
}

export function createEventBus() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(50);
  return {
    publish<K extends keyof DomainEvents>(name: K, event: DomainEvents[K]) {
      emitter.emit(name, event);
    },
    subscribe<K extends keyof DomainEvents>(name: K, handler: (event: DomainEvents[K]) => void) {
      emitter.on(name, handler);
      return () => emitter.off(name, handler);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
