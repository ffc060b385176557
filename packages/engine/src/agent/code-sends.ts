// Whether code an agent writes or runs sends, and where to when no URL says so: an SDK's call that
// uploads or posts to its service (boto3's `upload_file` to S3, slack_sdk's `files_upload` to
// Slack, an LLM's client), and a host the code gives a mail, file-transfer, shell or socket
// client, or an HTTP request's options (`smtplib.SMTP("smtp.acme.io")`, `ftplib.FTP(...)`,
// paramiko's `Transport(("sftp.acme.io", 22))`, `http.request({ host: ... })`). classify.ts reads
// what the code may send (its text, the files it names, what it is given) and judges it.

/**
 * Code that sends: an HTTP call that posts, puts or patches (`requests.post(`, `axios.put(`,
 * `->post(`, `.request("POST", ...)`, `method: 'POST'`, `'method' => 'POST'`, a `body` key or
 * argument, or a `data=`, `json=` or `files=` argument given (not a variable of that name), `urlopen(url, data)`, `post_form`, Perl's `content =>`, PowerShell's
 * Invoke-RestMethod), a socket or request's `send`, mail, a file transfer's store or put, or curl
 * and wget run from it.
 */
export const SENDS_IN_CODE = new RegExp(
  [
    String.raw`(?:\.|->)(?:post|put|patch)\s*\(`,
    String.raw`(?:\.|->)request\s*\(\s*['"](?:post|put|patch)['"]`,
    String.raw`\bmethod['"]?\s*(?:[:=]|=>)\s*['"\x60](?:post|put|patch)\b`,
    String.raw`[{,(]\s*['"]?body['"]?\s*[:=](?!=)`,
    String.raw`[(,]\s*data\s*=(?!=)`,
    String.raw`[(,]\s*(?:files|json)\s*=(?!=)`,
    String.raw`\burlopen\s*\([^()]*,`,
    String.raw`\bpost_form\b`,
    String.raw`\bcontent\s*=>`,
    String.raw`\.send(?:all|_message)?\s*\(`,
    String.raw`\b(?:sendmail|smtplib|nodemailer|Net::SMTP|curl|wget)\b`,
    String.raw`\bstor(?:binary|lines)\s*\(`,
    String.raw`\.(?:putfo|fastPut|uploadFrom|exec_command)\s*\(`,
    String.raw`\bInvoke-(?:RestMethod|WebRequest)\b`,
  ].join('|'),
  'i',
);

/**
 * Services an SDK's calls send to with no URL in the code: the SDK (its import), its calls that
 * upload, post or publish, and the host they go to. An SDK's reads (`download_file`, `list_*`)
 * send nothing of the agent's.
 */
const SDK_SERVICES: readonly { sdk: RegExp; sends: RegExp; host: string }[] = [
  {
    sdk: /\bboto3\b|@aws-sdk\/(?:client-s3|lib-storage)|\baws-sdk\b/,
    sends: /\b(?:upload_file|upload_fileobj|put_object)\s*\(|\b(?:PutObject|CreateMultipartUpload)Command\b|\bnew\s+Upload\s*\(|\.putObject\s*\(/,
    host: 's3.amazonaws.com',
  },
  {
    sdk: /\bboto3\b|@aws-sdk\/client-(?:sqs|sns|sesv?2?|kinesis|firehose|eventbridge)\b|\baws-sdk\b/,
    sends: /\b(?:send_message(?:_batch)?|send_email|send_raw_email|publish|put_records?|put_record_batch|put_events)\s*\(|\b(?:SendMessage(?:Batch)?|Send(?:Raw)?Email|Publish|PutRecords?|PutRecordBatch|PutEvents)Command\b/,
    host: 'amazonaws.com',
  },
  {
    sdk: /\bgoogle\.cloud\s+import\s+(?:[\w\s,]{0,200}\b)?storage\b|\bgoogle\.cloud\.storage\b|@google-cloud\/storage\b/,
    sends: /\bupload_from_(?:filename|string|file)\s*\(|\.(?:upload|save)\s*\(/,
    host: 'storage.googleapis.com',
  },
  {
    sdk: /\bgoogle\.cloud\s+import\s+(?:[\w\s,]{0,200}\b)?bigquery\b|\bgoogle\.cloud\.bigquery\b|@google-cloud\/bigquery\b/,
    sends: /\binsert_rows(?:_json)?\s*\(|\bload_table_from_\w+\s*\(|\.insert\s*\(/,
    host: 'bigquery.googleapis.com',
  },
  {
    sdk: /\bgoogle\.cloud\s+import\s+(?:[\w\s,]{0,200}\b)?pubsub\w*|\bgoogle\.cloud\.pubsub\w*|@google-cloud\/pubsub\b/,
    sends: /\.publish(?:Message)?\s*\(/,
    host: 'pubsub.googleapis.com',
  },
  { sdk: /\bazure\.storage\.blob\b|@azure\/storage-blob\b/, sends: /\bupload_blob\s*\(|\.upload(?:File|Data|Stream)?\s*\(/, host: 'blob.core.windows.net' },
  {
    sdk: /\bslack_sdk\b|\bslack_bolt\b|\bslackclient\b|@slack\/(?:web-api|bolt)\b/,
    sends: /\bfiles_upload(?:_v2)?\s*\(|\bchat_postMessage\s*\(|\.files\.upload(?:V2)?\s*\(|\.filesUploadV2\s*\(|\.chat\.postMessage\s*\(/,
    host: 'slack.com',
  },
  { sdk: /\bdropbox\b/, sends: /\bfiles_upload\s*\(|\.filesUpload\s*\(/, host: 'dropbox.com' },
  { sdk: /\bsendgrid\b/, sends: /\.send\s*\(|\.post\s*\(/, host: 'api.sendgrid.com' },
  { sdk: /\btwilio\b/, sends: /\.messages\.create\s*\(/, host: 'api.twilio.com' },
  { sdk: /\bfrom\s+openai\s+import\b|\bimport\s+openai\b|\bfrom\s+['"]openai['"]|require\(\s*['"]openai['"]\s*\)/, sends: /\.create\s*\(/, host: 'api.openai.com' },
  { sdk: /\bfrom\s+anthropic\s+import\b|\bimport\s+anthropic\b|@anthropic-ai\/sdk\b/, sends: /\.messages\.(?:create|stream)\s*\(/, host: 'api.anthropic.com' },
];

/**
 * A host given to a client in quotes: the first argument of a mail, file-transfer, shell or socket
 * client's constructor or connect (`SMTP("smtp.acme.io")`, `FTP_TLS('ftp.acme.io')`,
 * `Transport(("sftp.acme.io", 22))`, `connect(('203.0.113.7', 80))`, `Net::SMTP->new('...')`).
 */
const HOST_GIVEN_IN_CODE =
  /(?:\b(?:SMTP(?:_SSL)?|LMTP|FTP(?:_TLS)?|Transport|Connection|SSHClient|Telnet|connect|create_connection|createConnection)\s*\(\s*[([{]?\s*|->new\s*\(\s*)(['"])([A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)\1/g;
/**
 * A host named by an option, a key or a variable whose name says host or server (`host: "..."`,
 * `hostname='...'`, `SMTP_SERVER = "smtp.gmail.com"`, `ftpHost: "..."`), the usual way code keeps
 * the host it then gives its client.
 */
const HOST_NAMED_IN_CODE = /\b\w{0,40}(?:host|server)(?:name)?\w{0,40}['"]?\s*(?:[:=]|=>)\s*(['"])([A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)\1/gi;
/** A host name (labels, the last one letters) or an IPv4 address: not a file name like `app.db` or `customers.csv`. */
const HOST_LIKE = /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|\d{1,3}(?:\.\d{1,3}){3})$/i;
/** What names a file rather than a host: the endings of data, code and key files. */
const FILE_ENDING = /\.(?:db|sqlite3?|duckdb|csv|tsv|json|jsonl|ndjson|txt|log|xml|ya?ml|toml|ini|cfg|conf|env|sql|parquet|xlsx?|pdf|zip|gz|tgz|tar|pem|key|crt|py|js|mjs|cjs|ts|rb|pl|php|sh|md|html?)$/i;
/** Code that connects encrypted: TLS, SSH and their clients. */
const ENCRYPTED_IN_CODE = /\b(?:SMTP_SSL|FTP_TLS|starttls|startTLS|ssl|tls|secure\s*:\s*true|paramiko|pysftp|ssh2|SSHClient|sftp|Net::SFTP|Net::SSH2?)\b/i;

export type CodeDestination = { host: string; encrypted: boolean };

/** A docstring: a triple-quoted string that opens a line, as a module's or a function's does; its links are documentation, not where code sends. */
const DOCSTRING = /^[ \t]*[rRuUbBfF]{0,2}("""|''')[\s\S]*?\1/gm;

/** Code without its docstrings, to look for the URLs it sends to in. */
export const withoutDocstrings = (code: string) => code.replace(DOCSTRING, '');

/**
 * Where code sends with no URL in it: the services of the SDK calls it makes that send, and, when
 * its code sends, the hosts it gives its clients in quotes.
 */
export function destinationsInCode(code: string): CodeDestination[] {
  const found = new Map<string, boolean>();
  for (const service of SDK_SERVICES) {
    if (service.sdk.test(code) && service.sends.test(code)) found.set(service.host, true);
  }
  if (SENDS_IN_CODE.test(code)) {
    const encrypted = ENCRYPTED_IN_CODE.test(code);
    for (const m of [...code.matchAll(HOST_GIVEN_IN_CODE), ...code.matchAll(HOST_NAMED_IN_CODE)]) {
      const host = m[2]!.toLowerCase();
      if (HOST_LIKE.test(host) && !FILE_ENDING.test(host) && !found.has(host)) found.set(host, encrypted);
    }
  }
  return [...found].map(([host, encrypted]) => ({ host, encrypted }));
}
