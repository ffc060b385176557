// Whether code an agent writes or runs sends, and where to when no URL says so: an SDK's call that
// uploads or posts to its service (boto3's `upload_file` to S3, slack_sdk's `files_upload` to
// Slack, an LLM's client), and a host the code gives a mail, file-transfer, shell or socket
// client, or an HTTP request's options (`smtplib.SMTP("smtp.acme.io")`, `ftplib.FTP(...)`,
// paramiko's `Transport(("sftp.acme.io", 22))`, `http.request({ host: ... })`). classify.ts reads
// what the code may send (its text, the files it names, what it is given) and judges it.

/** What follows a `data=` that gives something: not a parameter's empty default (`files = []`, `data=None`), which sends nothing. */
const NOT_EMPTY = String.raw`(?!\s*(?:(?:None|null|undefined|False|false)\b|\[\s*\]|\{\s*\}|''|""))`;

/**
 * Code that sends: an HTTP call that posts, puts or patches (`requests.post(`, `axios.put(`,
 * `->post(`, `.request("POST", ...)`, `method: 'POST'`, `'method' => 'POST'`, a `body` key or
 * argument, or a `data=`, `json=` or `files=` argument given (not a variable of that name, nor an empty default), `urlopen(url, data)`, `post_form`, Perl's `content =>`, PowerShell's
 * Invoke-RestMethod, libcurl's `CURLOPT_POSTFIELDS` in PHP), a socket or request's `send`, mail, a file transfer's store or put, curl
 * and wget run from it, a database's writes (`insert_many`, `to_sql`, `copy_expert`, `INSERT INTO`,
 * `.from("t").insert(rows)`, Elasticsearch's bulk), or a TCP or TLS client of Node's.
 */
export const SENDS_IN_CODE = new RegExp(
  [
    String.raw`(?:\.|->)(?:post|put|patch)\s*\(`,
    String.raw`(?:\.|->)request\s*\(\s*['"](?:post|put|patch)['"]`,
    String.raw`\bmethod['"]?\s*(?:[:=]|=>)\s*['"\x60](?:post|put|patch)\b`,
    String.raw`[{,(]\s*['"]?body['"]?\s*[:=](?!=)`,
    String.raw`[(,]\s*(?:data|files|json)\s*=(?!=)${NOT_EMPTY}`,
    String.raw`\burlopen\s*\([^()]*,`,
    String.raw`\bpost_form\b`,
    String.raw`\bcontent\s*=>`,
    String.raw`\.send(?:all|_message)?\s*\(`,
    String.raw`\b(?:sendmail|smtplib|nodemailer|Net::SMTP|curl|wget)\b`,
    String.raw`\bstor(?:binary|lines)\s*\(`,
    String.raw`\.(?:putfo|fastPut|uploadFrom|exec_command)\s*\(`,
    String.raw`\bInvoke-(?:RestMethod|WebRequest)\b`,
    String.raw`\bCURLOPT_(?:POSTFIELDS|UPLOAD|READDATA|INFILE)\b`,
    String.raw`\b(?:insert_(?:one|many)|insertOne|insertMany|bulk_?[wW]rite|to_sql|copy_expert|copy_from|copy_records_to_table|executemany)\s*\(`,
    String.raw`\)\s*\.(?:insert|upsert)\s*\(`,
    String.raw`\bINSERT\s+INTO\b|\bCOPY\s+[\w."]+(?:\s*\([^()]{0,1000}\))?\s+FROM\s+STDIN\b`,
    String.raw`\bhelpers\.(?:bulk|streaming_bulk|parallel_bulk)\s*\(`,
    String.raw`\b(?:net|tls)\.(?:connect|createConnection)\s*\(`,
    // Go's: a request built with a sending method, and a raw connection; Rust's `ureq::post(`, `TcpStream::connect(`; C#'s `PostAsync(`, `PutAsJsonAsync(`.
    String.raw`\bNewRequest(?:WithContext)?\s*\((?:[^,()]*,\s*)?(?:"(?:POST|PUT|PATCH)"|http\.Method(?:Post|Put|Patch)\b)`,
    String.raw`\bnet\.Dial(?:Timeout|TCP|UDP)?\s*\(`,
    String.raw`::(?:post|put|patch)\s*\(|\bTcpStream::connect\s*\(`,
    String.raw`\.(?:Post|Put|Patch)(?:AsJson)?Async\s*\(`,
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
    sdk: /\bgoogle\.cloud\s+import\s+(?:[\w,][\w\s,]{0,200}\b)?storage\b|\bgoogle\.cloud\.storage\b|@google-cloud\/storage\b/,
    sends: /\bupload_from_(?:filename|string|file)\s*\(|\.(?:upload|save)\s*\(/,
    host: 'storage.googleapis.com',
  },
  {
    sdk: /\bgoogle\.cloud\s+import\s+(?:[\w,][\w\s,]{0,200}\b)?bigquery\b|\bgoogle\.cloud\.bigquery\b|@google-cloud\/bigquery\b/,
    sends: /\binsert_rows(?:_json)?\s*\(|\bload_table_from_\w+\s*\(|\.insert\s*\(/,
    host: 'bigquery.googleapis.com',
  },
  {
    sdk: /\bgoogle\.cloud\s+import\s+(?:[\w,][\w\s,]{0,200}\b)?pubsub\w*|\bgoogle\.cloud\.pubsub\w*|@google-cloud\/pubsub\b/,
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
  { sdk: /\bfrom\s+openai\s+import\b|\bimport\s+openai\b|\bfrom\s+['"]openai['"]|\b(?:require|import)\(\s*['"]openai['"]\s*\)/, sends: /\.create\s*\(/, host: 'api.openai.com' },
  { sdk: /\bfrom\s+anthropic\s+import\b|\bimport\s+anthropic\b|@anthropic-ai\/sdk\b/, sends: /\.messages\.(?:create|stream)\s*\(/, host: 'api.anthropic.com' },
  {
    sdk: /\bboto3\b|@aws-sdk\/(?:client|lib)-dynamodb\b|\baws-sdk\b/,
    sends: /\b(?:put_item|batch_write_item|update_item|transact_write_items)\s*\(|\b(?:PutItem|BatchWriteItem|UpdateItem|TransactWriteItems|Put|BatchWrite|TransactWrite)Command\b/,
    host: 'dynamodb.amazonaws.com',
  },
  { sdk: /\bboto3\b|@aws-sdk\/client-lambda\b|\baws-sdk\b/, sends: /\.invoke\s*\(\s*FunctionName\s*=|\binvoke_async\s*\(|\bInvokeCommand\b/, host: 'lambda.amazonaws.com' },
  {
    sdk: /\bboto3\b|@aws-sdk\/client-bedrock-runtime\b/,
    sends: /\b(?:invoke_model(?:_with_response_stream)?|converse(?:_stream)?)\s*\(|\b(?:InvokeModel(?:WithResponseStream)?|Converse(?:Stream)?)Command\b/,
    host: 'bedrock-runtime.amazonaws.com',
  },
  // boto3's resource API: `s3.Object(bucket, key).put(Body=...)`.
  { sdk: /\bboto3\b/, sends: /\.put\s*\(\s*Body\s*=/, host: 's3.amazonaws.com' },
  { sdk: /\bpandas\b/, sends: /\.to_gbq\s*\(/, host: 'bigquery.googleapis.com' },
  {
    sdk: /\bgoogle\.cloud\s+import\s+(?:[\w,][\w\s,]{0,200}\b)?firestore\b|\bgoogle\.cloud\.firestore\b|\bfirebase_admin\b|@google-cloud\/firestore\b|\bfirebase(?:-admin)?\/firestore\b/,
    sends: /\.(?:add|set|update|create)\s*\(|\b(?:addDoc|setDoc|updateDoc)\s*\(/,
    host: 'firestore.googleapis.com',
  },
  { sdk: /\bazure\.cosmos\b|@azure\/cosmos\b/, sends: /\b(?:upsert_item|create_item|replace_item)\s*\(|\.items\.(?:create|upsert)\s*\(/, host: 'documents.azure.com' },
  { sdk: /\bgspread\b/, sends: /\.(?:append_rows?|update|update_cells?|insert_rows?|batch_update)\s*\(/, host: 'sheets.googleapis.com' },
  { sdk: /\bgoogleapis\b|\bgoogleapiclient\b/, sends: /\bspreadsheets(?:\(\))?\.values(?:\(\))?\.(?:append|update|batchUpdate)\s*\(/, host: 'sheets.googleapis.com' },
  {
    sdk: /\bhuggingface_hub\b|\bfrom\s+datasets\s+import\b|\bimport\s+datasets\b|@huggingface\/hub\b/,
    sends: /\b(?:upload_file|upload_folder|create_commit|push_to_hub|uploadFiles?)\s*\(/,
    host: 'huggingface.co',
  },
  {
    sdk: /\bgoogle\.generativeai\b|\bfrom\s+google\s+import\s+genai\b|\bgoogle\.genai\b|@google\/(?:generative-ai|genai)\b|\blangchain_google_genai\b|@langchain\/google-genai\b/,
    sends: /\b(?:generate_content(?:_stream)?|generateContent(?:Stream)?|send_message|sendMessage)\s*\(|\.(?:a?invoke|stream|batch)\s*\(/,
    host: 'generativelanguage.googleapis.com',
  },
  { sdk: /\blangchain_openai\b|@langchain\/openai\b/, sends: /\.(?:a?invoke|stream|batch|predict)\s*\(/, host: 'api.openai.com' },
  { sdk: /\blangchain_mistralai\b|@langchain\/mistralai\b|\bmistralai\b|@mistralai\/mistralai\b/, sends: /\.(?:a?invoke|stream|batch|complete)\s*\(/, host: 'api.mistral.ai' },
  { sdk: /\bresend\b/i, sends: /\.emails\.send\s*\(|\bEmails\.send\s*\(/, host: 'api.resend.com' },
  { sdk: /\bpostmark\b/, sends: /\.send_?[eE]mail(?:_?[bB]atch)?\s*\(/, host: 'api.postmarkapp.com' },
  { sdk: /\bmailgun\b/i, sends: /\.messages\.create\s*\(|\bmessages\.send\s*\(/, host: 'api.mailgun.net' },
];

/** litellm, and its calls that send a prompt to the model's provider. */
const LITELLM = /\blitellm\b/;
const LITELLM_SENDS = /\b(?:a?completion|a?embedding|text_completion)\s*\(/;
/** The model a call names (`model="gpt-4o"`, `model: "anthropic/claude-..."`). */
const MODEL_NAMED = /\bmodel['"]?\s*[:=]\s*['"]([\w./:@-]{1,200})['"]/;
/** The providers litellm sends to, by the model's name or its `provider/` prefix. */
const MODEL_PROVIDERS: readonly (readonly [RegExp, string])[] = [
  [/^(?:openai\/|gpt-|o\d|chatgpt|text-embedding|ft:gpt)/, 'api.openai.com'],
  [/^(?:anthropic\/|claude)/, 'api.anthropic.com'],
  [/^(?:gemini\/|gemini-)/, 'generativelanguage.googleapis.com'],
  [/^vertex_ai\//, 'aiplatform.googleapis.com'],
  [/^bedrock\//, 'bedrock-runtime.amazonaws.com'],
  [/^azure\//, 'openai.azure.com'],
  [/^(?:mistral\/|mistral-|codestral)/, 'api.mistral.ai'],
  [/^groq\//, 'api.groq.com'],
  [/^(?:cohere\/|command)/, 'api.cohere.com'],
  [/^deepseek/, 'api.deepseek.com'],
  [/^ollama(?:_chat)?\//, 'localhost'],
];
/** What the model's provider is called where none of MODEL_PROVIDERS is named. */
const SOME_PROVIDER = "the model's provider";

/** The host litellm sends a call's prompt to: its model's provider. */
function modelProvider(code: string): string {
  const model = MODEL_NAMED.exec(code)?.[1]?.toLowerCase() ?? '';
  return MODEL_PROVIDERS.find(([names]) => names.test(model))?.[1] ?? SOME_PROVIDER;
}

/**
 * An object store's URL that code writes a table or a file to (`df.to_csv("s3://...")`, awswrangler's
 * `wr.s3.to_parquet(df, "s3://...")`, `fs.put("x", "gs://...")`): a send to the store's service.
 */
const OBJECT_STORE_WRITES: readonly { writes: RegExp; host: string }[] = [
  { writes: /\.(?:to_\w+|put|upload)\s*\((?:\s*[\w.]+\s*,){0,2}\s*[fr]?['"]s3a?:\/\//, host: 's3.amazonaws.com' },
  { writes: /\.(?:to_\w+|put|upload)\s*\((?:\s*[\w.]+\s*,){0,2}\s*[fr]?['"](?:gs|gcs):\/\//, host: 'storage.googleapis.com' },
  { writes: /\.(?:to_\w+|put|upload)\s*\((?:\s*[\w.]+\s*,){0,2}\s*[fr]?['"](?:az|abfss?):\/\//, host: 'blob.core.windows.net' },
];

/**
 * The mail services nodemailer knows by name (`createTransport({ service: "gmail" })`) and the
 * SMTP hosts they stand for.
 */
const MAIL_SERVICES: Readonly<Record<string, string>> = {
  gmail: 'smtp.gmail.com',
  googlemail: 'smtp.gmail.com',
  outlook: 'smtp-mail.outlook.com',
  hotmail: 'smtp-mail.outlook.com',
  outlook365: 'smtp.office365.com',
  office365: 'smtp.office365.com',
  yahoo: 'smtp.mail.yahoo.com',
  icloud: 'smtp.mail.me.com',
  zoho: 'smtp.zoho.com',
  sendgrid: 'smtp.sendgrid.net',
  mailgun: 'smtp.mailgun.org',
  postmark: 'smtp.postmarkapp.com',
  ses: 'email-smtp.us-east-1.amazonaws.com',
  mailjet: 'in-v3.mailjet.com',
  brevo: 'smtp-relay.brevo.com',
  sendinblue: 'smtp-relay.brevo.com',
  fastmail: 'smtp.fastmail.com',
};
/** nodemailer's service named in quotes (`service: "gmail"`). */
const MAIL_SERVICE_NAMED = /\bservice\s*:\s*['"]([\w-]{1,40})['"]/g;

/**
 * A host given to a client in quotes: the first argument of a mail, file-transfer, shell or socket
 * client's constructor or connect (`SMTP("smtp.acme.io")`, `FTP_TLS('ftp.acme.io')`,
 * `Transport(("sftp.acme.io", 22))`, `connect(('203.0.113.7', 80))`, `Net::SMTP->new('...')`), or
 * the second after a port, as Node's `net.connect(9000, "203.0.113.7")` takes it.
 */
const HOST_GIVEN_IN_CODE =
  /(?:\b(?:SMTP(?:_SSL)?|LMTP|FTP(?:_TLS)?|Transport|Connection|SSHClient|Telnet|connect|create_connection|createConnection)\s*\(\s*(?:\d{1,5}\s*,\s*)?(?:[([{]\s*)?|->new\s*\(\s*)(['"])([A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)\1/g;
/** A host Go's dialers and mail sender are given, with its port (`net.Dial("tcp", "203.0.113.7:9000")`, `smtp.SendMail("smtp.acme.io:587", ...)`), and Rust's and C#'s sockets (`TcpStream::connect("...:9000")`, `new TcpClient("...", 9000)`). */
const HOST_DIALED = /\b(?:(?:net|tls|ftp|ssh)\.Dial(?:Timeout|TCP)?|smtp\.(?:SendMail|Dial)|TcpStream::connect|new\s+TcpClient)\s*\(\s*(?:"[a-z0-9]{1,10}"\s*,\s*)?(")([A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)(?::\d{1,5})?"/g;
/**
 * A host named by an option, a key or a variable whose name says host or server (`host: "..."`,
 * `hostname='...'`, `SMTP_SERVER = "smtp.gmail.com"`, `ftpHost: "..."`, `HOST, PORT = "...", 9000`),
 * the usual way code keeps the host it then gives its client.
 */
const HOST_NAMED_IN_CODE =
  /\b\w{0,40}(?:host|server)(?:name)?\w{0,40}['"]?\s*(?:,\s*\w{1,40}\s*)?(?:[:=]|=>)\s*(['"])([A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)\1/gi;
/** A host name (labels, the last one letters) or an IPv4 address: not a file name like `app.db` or `customers.csv`. */
export const HOST_LIKE = /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|\d{1,3}(?:\.\d{1,3}){3})$/i;
/** What names a file rather than a host: the endings of data, code and key files. */
const FILE_ENDING = /\.(?:db|sqlite3?|duckdb|csv|tsv|json|jsonl|ndjson|txt|log|xml|ya?ml|toml|ini|cfg|conf|env|sql|parquet|xlsx?|pdf|zip|gz|tgz|tar|pem|key|crt|py|js|mjs|cjs|ts|rb|pl|php|sh|md|html?)$/i;
/** Code that connects encrypted: TLS, SSH and their clients. */
const ENCRYPTED_IN_CODE = /\b(?:SMTP_SSL|FTP_TLS|starttls|startTLS|ssl|tls|secure\s*:\s*true|paramiko|pysftp|ssh2|SSHClient|sftp|Net::SFTP|Net::SSH2?)\b/i;

export type CodeDestination = { host: string; encrypted: boolean };

/**
 * The environment variables code reads, and the value it falls back on: `os.environ["X"]`,
 * `os.environ.get("X", "http://localhost:8000")`, `os.getenv("X")`, `process.env.X`,
 * `process.env["X"] ?? "..."`, `Deno.env.get("X")`, Ruby's `ENV["X"]` and `ENV.fetch("X", "...")`,
 * Perl's `$ENV{X}`, PHP's `getenv("X")`.
 */
const ENVIRONMENT_READ =
  /(?:\bos\.environ\s*\[\s*|\bos\.environ\.get\s*\(\s*|\bgetenv\s*\(\s*|\bprocess\.env\s*\[\s*|\bDeno\.env\.get\s*\(\s*|\bENV\s*\[\s*|\bENV\.fetch\s*\(\s*)['"](\w{1,100})['"]|\bprocess\.env\.(\w{1,100})|\$ENV\{\s*['"]?(\w{1,100})/g;
/** The value code falls back on right after it reads a variable (`, "http://localhost:8000")`, `?? "..."`, `|| '...'`, ` or "..."`). */
const FALLBACK = /^\s*[\])]?\s*(?:,|\?\?|\|\||\bor\b)\s*['"]([^'"\n]{1,2048})['"]/;
/** How many of the variables code reads are looked up. */
const MAX_ENVIRONMENT_READ = 64;

/** The environment variables code reads (at most MAX_ENVIRONMENT_READ), each with the value it falls back on, if it gives one. */
export function environmentReadIn(code: string): Map<string, string | undefined> {
  const read = new Map<string, string | undefined>();
  for (const m of code.matchAll(ENVIRONMENT_READ)) {
    const name = (m[1] ?? m[2] ?? m[3])!;
    const after = code.slice(m.index + m[0].length, m.index + m[0].length + 2100);
    if (!read.has(name) || read.get(name) === undefined) read.set(name, FALLBACK.exec(after)?.[1]);
    if (read.size === MAX_ENVIRONMENT_READ) break;
  }
  return read;
}

/** A variable whose name says it holds where code sends (`WEBHOOK_URL`, `SMTP_HOST`, `API_ENDPOINT`, `SENTRY_DSN`). */
export const DESTINATION_VARIABLE = /(?:^|_)(?:URLS?|URI|HOST(?:NAME)?|ENDPOINT|WEBHOOK|SERVER|DSN)(?:_|$)/i;

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
  for (const store of OBJECT_STORE_WRITES) if (store.writes.test(code)) found.set(store.host, true);
  if (/\bnodemailer\b/.test(code)) {
    for (const m of code.matchAll(MAIL_SERVICE_NAMED)) {
      const service = m[1]!.toLowerCase().replace(/[^a-z0-9]/g, '');
      if (Object.hasOwn(MAIL_SERVICES, service)) found.set(MAIL_SERVICES[service]!, true);
    }
  }
  if (LITELLM.test(code) && LITELLM_SENDS.test(code)) found.set(modelProvider(code), true);
  if (SENDS_IN_CODE.test(code)) {
    const encrypted = ENCRYPTED_IN_CODE.test(code);
    for (const m of [...code.matchAll(HOST_GIVEN_IN_CODE), ...code.matchAll(HOST_DIALED), ...code.matchAll(HOST_NAMED_IN_CODE)]) {
      const host = m[2]!.toLowerCase();
      if (HOST_LIKE.test(host) && !FILE_ENDING.test(host) && !found.has(host)) found.set(host, encrypted);
    }
  }
  return [...found].map(([host, encrypted]) => ({ host, encrypted }));
}
