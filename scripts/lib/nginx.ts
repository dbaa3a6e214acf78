/**
 * nginx in front of the API servers, as `npm run cluster` and the soak bench run it (docs/deploy.md):
 * requests spread over the servers (one that does not answer is skipped), realtime sockets kept on one
 * server per address, `X-Forwarded-For` set to the address nginx sees. `temp` holds its pid, logs and
 * buffers.
 */
export function nginxConfig(temp: string, port: number, apis: number[]): string {
  const asRoot = process.getuid?.() === 0;
  const servers = apis.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  return `${asRoot ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${temp}/nginx.pid;
error_log ${temp}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  client_max_body_size 30m;
  upstream api {
${servers}
    keepalive 32;
  }
  upstream realtime {
    hash $remote_addr consistent;
${servers}
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen ${port};
    location /socket.io/ {
      proxy_pass http://realtime;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      # Set, not appended to: nginx is the edge, and a client's own X-Forwarded-For must not become its address.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A 503 (the database away) is the same on every server: only a server that does not answer is skipped.
      proxy_next_upstream error timeout http_502;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
    }
  }
}
`;
}
