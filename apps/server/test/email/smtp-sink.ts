// A standalone SMTP server for the browser tests: the e2e server sends its mail here (SMTP_URL) and
// every message lands as an .eml file in the given directory, where e2e/support/smtp.ts reads it.
//   node --import tsx apps/server/test/email/smtp-sink.ts <port> <directory>
import { startSmtpReceiver } from './smtp-receiver.ts';

const [portArgument, directory] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || port <= 0 || !directory) {
  console.error('usage: smtp-sink.ts <port> <directory>');
  process.exit(64);
}

const receiver = await startSmtpReceiver({ port, directory });
console.log(`SMTP sink listening on ${receiver.url}, writing to ${directory}`);
const stop = () => void receiver.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
