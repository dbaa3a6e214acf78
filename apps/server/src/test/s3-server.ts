/**
 * A tiny S3-speaking server for tests (path-style PUT, GET, DELETE of objects, kept in memory):
 * enough to run the S3 file storage against without the internet. Signatures are not checked.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestS3 {
  endpoint: string;
  /** Stored objects by `bucket/key`. */
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  close(): Promise<void>;
}

const bodyOf = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export async function startTestS3(): Promise<TestS3> {
  const objects: TestS3['objects'] = new Map();
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!.slice(1));
    if (req.method === 'PUT') {
      objects.set(path, { body: await bodyOf(req), contentType: req.headers['content-type'] });
      res.writeHead(200, { etag: '"x"' }).end();
    } else if (req.method === 'GET') {
      const object = objects.get(path);
      if (!object) {
        res
          .writeHead(404, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
        return;
      }
      res
        .writeHead(200, {
          'content-type': object.contentType ?? 'application/octet-stream',
          'content-length': object.body.length,
        })
        .end(object.body);
    } else if (req.method === 'DELETE') {
      objects.delete(path);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
