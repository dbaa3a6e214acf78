import { io as connect } from 'socket.io-client';

/** What the server answers a new socket connection with `auth`: 'connected' or the refusal's code. */
export async function handshake(address: string, auth: Record<string, string>): Promise<string> {
  const socket = connect(address, { auth, transports: ['websocket'], reconnection: false });
  try {
    return await new Promise<string>((resolve) => {
      socket.on('connect', () => resolve('connected'));
      socket.on('connect_error', (e: Error & { data?: { error?: string } }) => resolve(e.data?.error ?? e.message));
    });
  } finally {
    socket.close();
  }
}
