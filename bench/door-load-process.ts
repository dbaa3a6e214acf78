/**
 * The door bench's load generator in a process of its own (see door-load.ts): it receives what to
 * run over IPC, runs it, sends the figures back and exits.
 */
import { type DoorLoadRequest, doorLoad, entryCounter } from './door-load.ts';

process.once('message', (raw) => {
  const request = raw as DoorLoadRequest;
  doorLoad(request.base, request.fixture, {
    ...request.opts,
    countEntries: request.countWith
      ? entryCounter(request.base, request.countWith, request.fixture.centerId)
      : undefined,
  })
    .then((figures) => process.send!({ figures }, () => process.exit(0)))
    .catch((err: unknown) => process.send!({ error: String((err as Error)?.stack ?? err) }, () => process.exit(1)));
});
