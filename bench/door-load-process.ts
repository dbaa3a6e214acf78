/**
 * The door bench's load generator in a process of its own (see door-load.ts). Over IPC it is asked
 * to open the door's connections (`open`), then to run slices one at a time (`slice`, answered with
 * the slice's samples), then to close; it exits once closed, or on the first error.
 */
import { type DoorLoadRequest, type DoorSliceOptions, entryCounter, openDoorLoad } from './door-load.ts';

type Message =
  | { kind: 'open'; request: DoorLoadRequest }
  | { kind: 'slice'; opts: DoorSliceOptions }
  | { kind: 'close' };

let load: Awaited<ReturnType<typeof openDoorLoad>> | null = null;
const fail = (err: unknown) => process.send!({ error: String((err as Error)?.stack ?? err) }, () => process.exit(1));

process.on('message', (raw) => {
  const m = raw as Message;
  if (m.kind === 'open') {
    const { base, fixture, countWith, routes } = m.request;
    openDoorLoad(base, fixture, countWith ? entryCounter(base, countWith, fixture.centerId) : undefined, routes)
      .then((opened) => {
        load = opened;
        process.send!({ ready: true });
      })
      .catch(fail);
  } else if (m.kind === 'slice') {
    if (!load) return fail(new Error('a slice was asked before the load was opened'));
    load
      .slice(m.opts)
      .then((slice) => process.send!({ slice }))
      .catch(fail);
  } else {
    load?.close();
    process.exit(0);
  }
});
