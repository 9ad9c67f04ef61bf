import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The Message-ID header, angle brackets included. */
  messageId: string;
  /** The text/plain part, decoded (quoted-printable or base64). */
  text: string;
  raw: string;
}

/** The text/plain part of a message as nodemailer writes it (multipart/alternative or a single part). */
function plainText(raw: string): string {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (!/^content-type:\s*text\/plain/im.test(headers)) continue;
    const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
    const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      return body.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/gi, (bytes) => Buffer.from(bytes.replace(/=/g, ''), 'hex').toString('utf8'));
    }
    return body;
  }
  return '';
}

/**
 * An SMTP server on loopback (smtp-server) that takes mail as a real one does: a message is
 * delivered when the server answers "250" to the end of its DATA, and discarded when the client
 * goes away before that answer (RFC 5321 4.1.1.4: the server takes responsibility with its
 * reply). `holdData(match)` keeps that answer back from a matching message until `release()`,
 * so a test can kill the sender while the message is in flight.
 */
export async function startSmtpStandIn() {
  const delivered: ReceivedMail[] = [];
  const discarded: ReceivedMail[] = [];
  const held: ReceivedMail[] = [];
  const holds: Array<{ match: (mail: ReceivedMail) => boolean; left: number; waiters: Array<() => void>; release: Promise<void> }> = [];
  /** Resolves when the session's connection closes. */
  const closed = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const closing = (session: SMTPServerSession) => {
    let entry = closed.get(session.id);
    if (!entry) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      entry = { promise, resolve };
      closed.set(session.id, entry);
    }
    return entry;
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(session, callback) {
      closing(session);
      callback();
    },
    onClose(session) {
      closing(session).resolve();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '',
          text: plainText(raw),
          raw,
        };
        const hold = holds.find((candidate) => candidate.left > 0 && candidate.match(mail));
        if (!hold) {
          delivered.push(mail);
          return callback();
        }
        hold.left -= 1;
        held.push(mail);
        for (const notify of hold.waiters.splice(0)) notify();
        const gone = closing(session).promise.then(() => 'gone' as const);
        void Promise.race([hold.release.then(() => 'released' as const), gone]).then((outcome) => {
          if (outcome === 'gone') return void discarded.push(mail);
          delivered.push(mail);
          callback();
        });
      });
    },
  });
  server.on('error', () => {}); // a client killed mid-session resets its socket
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Messages the server accepted (answered 250), in order. */
    delivered,
    /** Messages whose sender went away while the answer was held: not delivered. */
    discarded,
    /** Messages whose answer was held (delivered or discarded since, or still waiting). */
    held,
    /**
     * The next `times` messages matching `match` wait, after their DATA, for release() before
     * they are accepted. `reached()` resolves when the first of them has arrived.
     */
    holdData(match: (mail: ReceivedMail) => boolean, times = 1) {
      let release!: () => void;
      const hold = { match, left: times, waiters: [] as Array<() => void>, release: new Promise<void>((resolve) => (release = resolve)) };
      holds.push(hold);
      return {
        reached: () => (hold.left < times ? Promise.resolve() : new Promise<void>((resolve) => hold.waiters.push(resolve))),
        release,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpStandIn = Awaited<ReturnType<typeof startSmtpStandIn>>;
