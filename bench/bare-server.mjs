// The bench's yardstick: a bare node:http server replaying recorded answers byte for byte, with
// the same headers. Usage: node bench/bare-server.mjs <port> <answers.json>
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([url, a]) => [
    url,
    { status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') },
  ]),
);

http
  .createServer((req, res) => {
    const answer = answers.get(req.url);
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
    res.end(answer.body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
// Exits normally when the bench stops it, so `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));
