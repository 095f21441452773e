// A small SMTP sink for browser runs: the server sends its mail here (SMTP_URL=smtp://127.0.0.1:port,
// plain SMTP, no TLS, no AUTH) and each message is written to a directory as JSON {to, subject, text, listUnsubscribe},
// where the tests read it with `waitForMail`. Bodies are decoded (quoted-printable, base64, 8bit) and
// encoded subjects (RFC 2047) read back as text. Enough SMTP for lettre; not a general mail server.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** @typedef {{ to: string, subject: string, text: string, listUnsubscribe: string | null }} Mail */

/**
 * @param {string} dir  where the messages go (created; emptied when the sink stops)
 * @returns {Promise<{ url: string, dir: string, stop: () => Promise<void> }>}
 */
export async function startMailSink(dir) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.setEncoding('latin1'); // one character per byte; bodies are decoded as UTF-8 later
    /** @type {string[]} */
    let recipients = [];
    let buffer = '';
    /** @type {string[] | null} the DATA lines while a message is being received */
    let data = null;
    const reply = (/** @type {string} */ line) => socket.write(`${line}\r\n`);
    reply('220 e2e-mail-sink ESMTP');

    socket.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            count += 1;
            const mail = parseMessage(data.join('\r\n'), recipients);
            const file = path.join(dir, `${Date.now()}-${String(count).padStart(5, '0')}.json`);
            // Written aside, then renamed: a reader never sees half a message.
            writeFileSync(`${file}.part`, JSON.stringify(mail, null, 2));
            renameSync(`${file}.part`, file);
            data = null;
            recipients = [];
            reply('250 OK queued');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-e2e-mail-sink');
          reply('250-8BITMIME');
          reply('250 SMTPUTF8');
        } else if (verb === 'HELO') reply('250 e2e-mail-sink');
        else if (verb === 'MAIL') {
          recipients = [];
          reply('250 OK');
        } else if (verb === 'RCPT') {
          const match = /<([^>]*)>/.exec(line);
          recipients.push((match?.[1] ?? '').toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          recipients = [];
          reply('250 OK');
        } else if (verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
    socket.on('error', () => {});
  });

  /** @type {number} */
  const port = await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      // A pooling client keeps its connection open; it is not waited for.
      for (const socket of sockets) socket.destroy();
      server.close(() => {
        rmSync(dir, { recursive: true, force: true });
        resolve(undefined);
      });
    });
  return { url: `smtp://127.0.0.1:${port}`, dir, stop };
}

/** Bytes held one per character (latin1) → UTF-8 text. */
const utf8 = (/** @type {string} */ bytes) => Buffer.from(bytes, 'latin1').toString('utf8');

/** @param {string} text  quoted-printable → bytes (latin1 string) */
function decodeQuotedPrintable(text) {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?utf-8?Q?...?=`) → text. */
function decodeHeader(/** @type {string} */ value) {
  return utf8(value)
    .replace(/\?=\s+=\?/g, '?==?') // whitespace between two encoded words is not part of the text
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset, encoding, text) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : utf8(decodeQuotedPrintable(text.replace(/_/g, ' '))),
    );
}

/**
 * Splits a part into its (unfolded, lower-cased names) headers and its body.
 * @param {string} raw
 */
function splitPart(raw) {
  const split = raw.indexOf('\r\n\r\n');
  const head = split >= 0 ? raw.slice(0, split) : raw;
  const body = split >= 0 ? raw.slice(split + 4) : '';
  /** @type {Record<string, string>} */
  const headers = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/**
 * The text of a part: a text/plain body decoded, or the first text/plain part of a multipart one.
 * @param {string} raw
 * @returns {string | null}
 */
function textOf(raw) {
  const { headers, body } = splitPart(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    /** @type {(string | null)[]} */
    const texts = parts.map((part) => textOf(part.replace(/^\r\n/, ''))).filter((text) => text !== null);
    return texts[0] ?? '';
  }
  if (!/^text\/plain/i.test(type)) return null;
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return utf8(decodeQuotedPrintable(body));
  return utf8(body);
}

/**
 * @param {string} raw  the message as received (bytes as latin1 characters, CRLF lines)
 * @param {string[]} recipients  the envelope's RCPT TO addresses
 * @returns {Mail}
 */
function parseMessage(raw, recipients) {
  const { headers } = splitPart(raw);
  return {
    to: recipients.join(', '),
    subject: decodeHeader(headers.subject ?? ''),
    text: (textOf(raw) ?? '').replace(/\r\n/g, '\n'),
    // Subscribers' mail only (RFC 8058): the one-click address and a mailto:.
    listUnsubscribe: headers['list-unsubscribe'] ?? null,
  };
}

/**
 * Waits for a message to `to` whose subject matches, in the directory `E2E_MAIL_DIR` (set by the
 * global setup). Returns the newest such message received at or after `since` (ms since epoch)
 * whose text holds `containing` when given: other tests share the server, so a subscriber's first
 * "new story" mail may be about someone else's story.
 * @param {string} to
 * @param {RegExp | string} subject
 * @param {{ since?: number, timeoutMs?: number, containing?: string }} [options]
 * @returns {Promise<Mail>}
 */
export async function waitForMail(to, subject, { since = 0, timeoutMs = 15_000, containing } = {}) {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the mail sink runs in e2e/global-setup.ts');
  const address = to.toLowerCase();
  const matches = (/** @type {string} */ s) => (typeof subject === 'string' ? s.includes(subject) : subject.test(s));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = readdirSync(dir)
      .filter((name) => name.endsWith('.json') && Number(name.split('-')[0]) >= since)
      .sort()
      .reverse();
    for (const name of files) {
      /** @type {Mail} */
      const mail = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
      const holds = containing === undefined || mail.text.includes(containing);
      if (mail.to.split(', ').includes(address) && matches(mail.subject) && holds) return mail;
    }
    if (Date.now() > deadline) {
      const holding = containing === undefined ? '' : ` holding "${containing}"`;
      throw new Error(`no mail to ${to} with a subject matching ${String(subject)}${holding} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first address in `text` that starts with `prefix` (a link of a mail). */
export function linkIn(/** @type {string} */ text, /** @type {string} */ prefix) {
  const start = text.indexOf(prefix);
  if (start < 0) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return text.slice(start).split(/\s/)[0] ?? '';
}
