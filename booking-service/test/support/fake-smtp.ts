import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A minimal SMTP server on 127.0.0.1 for the email tests: it speaks enough of
 * RFC 5321 for nodemailer (EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), keeps the
 * messages it accepts, and can refuse mail with a temporary error, as a mail
 * server that is down or throttling would.
 */
export interface FakeSmtp {
  url: string;
  port: number;
  /** Raw messages (headers and body) it accepted. */
  messages: { from: string; to: string[]; data: string }[];
  /** 'accept', or 'reject' (451 at MAIL FROM). */
  mode: 'accept' | 'reject';
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const sockets = new Set<net.Socket>();
  const smtp: FakeSmtp = {
    url: '',
    port: 0,
    messages: [],
    mode: 'accept',
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ESMTP ready');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            smtp.messages.push({ from, to, data: data.join('\r\n') });
            data = [];
            reply('250 2.0.0 OK queued');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') {
          socket.write('250-fake-smtp\r\n250-8BITMIME\r\n250 SIZE 10485760\r\n');
        } else if (command === 'HELO') reply('250 fake-smtp');
        else if (command === 'MAIL') {
          if (smtp.mode === 'reject') reply('451 4.3.0 Mail server temporarily unavailable');
          else {
            from = line.slice(10).trim();
            to = [];
            reply('250 2.1.0 OK');
          }
        } else if (command === 'RCPT') {
          to.push(line.slice(8).trim());
          reply('250 2.1.5 OK');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (command === 'RSET' || command === 'NOOP') reply('250 2.0.0 OK');
        else if (command === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not recognized');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtp.port = (server.address() as AddressInfo).port;
  smtp.url = `smtp://127.0.0.1:${smtp.port}`;
  return smtp;
}
