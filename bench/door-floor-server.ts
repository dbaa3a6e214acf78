/**
 * The door bench's floor: the same HTTP and Socket.IO stack as the API server (Fastify, Socket.IO
 * on its HTTP server, messages as JSON strings on `data`), with no authentication, validation,
 * database or domain work. A scan is sent to the browsers at once; an entry is answered and its
 * notification sent at once. Prints its address, then serves until stopped.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Server } from 'socket.io';

const app = Fastify({ logger: false });
const io = new Server(app.server, { path: '/socket.io', serveClient: false });
/** The bench's one centre, as its browsers say (the floor has no readers table to find it in). */
let centerOf: string | undefined;
io.on('connection', (socket) => {
  const centerId = (socket.handshake.auth as { center_id?: string }).center_id;
  centerOf ??= centerId;
  if (centerId) socket.join(`center:${centerId}`);
});

app.post('/api/v1/jwt/login', async () => ({ accessToken: 'floor' }));
app.post<{ Params: { sn: string }; Body: { scanId: string; card: string; at: string } }>(
  '/api/v1/pro/readers/:sn/scans',
  async (req) => {
    const { scanId, card, at } = req.body;
    const message = {
      center_id: centerOf,
      action: 'scan',
      message: '',
      icon: 'scan',
      reader: req.params.sn,
      card,
      scan_id: scanId,
      at,
    };
    io.to(`center:${centerOf}`).emit('data', JSON.stringify(message));
    return { scanId, accepted: true };
  },
);
app.post<{ Params: { card: string }; Body: { center_id: string } }>('/api/v1/pro/card/:card/entry/', async (req) => {
  const entry = { id: randomUUID(), card: req.params.card, result: 'granted' };
  const notification = { center_id: req.body.center_id, action: 'entry', message: '', icon: 'check', entry };
  io.to(`center:${req.body.center_id}`).emit('data', JSON.stringify(notification));
  return { result: 'granted', reason: null, message: '', entry };
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => {
  io.close();
  void app.close().then(() => process.exit(0));
});
