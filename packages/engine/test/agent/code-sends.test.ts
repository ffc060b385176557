// Where code sends with no URL in it (code-sends.ts): the SDK calls that upload or post, and the
// hosts it gives its clients; outbound-commands.test.ts shows the hook judging what such scripts send.
import { describe, expect, it } from 'vitest';
import { DESTINATION_VARIABLE, SENDS_IN_CODE, destinationsInCode, environmentReadIn } from '../../src/agent/code-sends.ts';

describe('where code sends with no URL in it', () => {
  it.each([
    ['boto3’s put_object', 'import boto3\nboto3.client("s3").put_object(Bucket="b", Key="k", Body=data)', [{ host: 's3.amazonaws.com', encrypted: true }]],
    ['boto3’s SQS send_message', 'import boto3\nboto3.client("sqs").send_message(QueueUrl=q, MessageBody=body)', [{ host: 'amazonaws.com', encrypted: true }]],
    ['Azure’s upload_blob', 'from azure.storage.blob import BlobClient\nclient.upload_blob(data)', [{ host: 'blob.core.windows.net', encrypted: true }]],
    ['Slack’s chat.postMessage', 'import { WebClient } from "@slack/web-api";\nawait web.chat.postMessage({ channel, text });', [{ host: 'slack.com', encrypted: true }]],
    ['Twilio’s messages.create', 'from twilio.rest import Client\nClient(sid, token).messages.create(to=n, body=text)', [{ host: 'api.twilio.com', encrypted: true }]],
    ['SMTP without TLS', 'import smtplib\ns = smtplib.SMTP("smtp.acme-mail.io")\ns.sendmail(a, b, msg)', [{ host: 'smtp.acme-mail.io', encrypted: false }]],
    ['SMTP over TLS', 'import smtplib\ns = smtplib.SMTP_SSL("smtp.acme-mail.io")\ns.send_message(msg)', [{ host: 'smtp.acme-mail.io', encrypted: true }]],
    ['a socket given an address', 'import socket\ns = socket.create_connection(("203.0.113.7", 9000))\ns.sendall(payload)', [{ host: '203.0.113.7', encrypted: false }]],
    ['Perl’s Net::SMTP', 'use Net::SMTP;\nmy $smtp = Net::SMTP->new("smtp.acme-mail.io");\n$smtp->data();', [{ host: 'smtp.acme-mail.io', encrypted: false }]],
    ['a host kept in a variable', 'import smtplib\nSMTP_SERVER = "smtp.gmail.com"\nwith smtplib.SMTP(SMTP_SERVER, 587) as s:\n    s.starttls()\n    s.send_message(m)', [{ host: 'smtp.gmail.com', encrypted: true }]],
    ['a host kept in a constant of an FTP client', 'from ftplib import FTP_TLS\nFTP_HOST = "ftp.partner-files.net"\nFTP_TLS(FTP_HOST).storbinary("STOR c.csv", f)', [{ host: 'ftp.partner-files.net', encrypted: true }]],
    ['a host in a dict', 'import requests\ncfg = {"host": "ingest.acme-analytics.io"}\nsend(cfg, data=rows)', [{ host: 'ingest.acme-analytics.io', encrypted: false }]],
    ['a host kept beside its port', 'import socket\nHOST, PORT = "collector.acme-analytics.io", 9000\nwith socket.socket() as s:\n    s.connect((HOST, PORT))\n    s.sendall(rows)', [{ host: 'collector.acme-analytics.io', encrypted: false }]],
    ['Node’s net.connect, port first', 'import net from "node:net";\nconst s = net.connect(9000, "203.0.113.7", () => s.end(rows));', [{ host: '203.0.113.7', encrypted: false }]],
    ['boto3’s DynamoDB put_item', 'import boto3\ntable = boto3.resource("dynamodb").Table("customers")\ntable.put_item(Item=row)', [{ host: 'dynamodb.amazonaws.com', encrypted: true }]],
    ['the AWS SDK’s PutItemCommand', 'import { DynamoDBClient, PutItemCommand } from "@aws-sdk/client-dynamodb";\nawait db.send(new PutItemCommand({ TableName: "t", Item }));', [{ host: 'dynamodb.amazonaws.com', encrypted: true }]],
    ['boto3’s Lambda invoke', 'import boto3\nboto3.client("lambda").invoke(FunctionName="crm-import", Payload=rows)', [{ host: 'lambda.amazonaws.com', encrypted: true }]],
    ['boto3’s Bedrock invoke_model', 'import boto3\nboto3.client("bedrock-runtime").invoke_model(modelId="m", body=rows)', [{ host: 'bedrock-runtime.amazonaws.com', encrypted: true }]],
    ['boto3’s resource API, put(Body=)', 'import boto3\nboto3.resource("s3").Object("b", "k").put(Body=rows)', [{ host: 's3.amazonaws.com', encrypted: true }]],
    ['pandas to_csv to S3', 'import pandas as pd\npd.read_csv("customers.csv").to_csv("s3://acme-exports/c.csv", index=False)', [{ host: 's3.amazonaws.com', encrypted: true }]],
    ['awswrangler to_parquet to S3', 'import awswrangler as wr\nwr.s3.to_parquet(df, "s3://acme-exports/c.parquet")', [{ host: 's3.amazonaws.com', encrypted: true }]],
    ['pandas to_gbq', 'import pandas as pd\ndf.to_gbq("crm.customers", project_id="p")', [{ host: 'bigquery.googleapis.com', encrypted: true }]],
    ['Firestore’s add', 'from google.cloud import firestore\nfirestore.Client().collection("c").add(row)', [{ host: 'firestore.googleapis.com', encrypted: true }]],
    ['Cosmos DB’s upsert_item', 'from azure.cosmos import CosmosClient\ncontainer.upsert_item(row)', [{ host: 'documents.azure.com', encrypted: true }]],
    ['gspread’s append_rows', 'import gspread\ngspread.service_account().open("Leads").sheet1.append_rows(rows)', [{ host: 'sheets.googleapis.com', encrypted: true }]],
    ['the Sheets API’s values.append', 'import { google } from "googleapis";\nawait sheets.spreadsheets.values.append({ spreadsheetId: "1", range: "A1", requestBody: { values } });', [{ host: 'sheets.googleapis.com', encrypted: true }]],
    ['Hugging Face’s upload_file', 'from huggingface_hub import HfApi\nHfApi().upload_file(path_or_fileobj="c.csv", path_in_repo="c.csv", repo_id="acme/c")', [{ host: 'huggingface.co', encrypted: true }]],
    ['Gemini’s generate_content', 'import google.generativeai as genai\ngenai.GenerativeModel("gemini-1.5-pro").generate_content(rows)', [{ host: 'generativelanguage.googleapis.com', encrypted: true }]],
    ['LangChain’s ChatOpenAI', 'from langchain_openai import ChatOpenAI\nChatOpenAI(model="gpt-4o").invoke(rows)', [{ host: 'api.openai.com', encrypted: true }]],
    ['litellm, to the provider its model names', 'import litellm\nlitellm.completion(model="mistral/mistral-large-latest", messages=m)', [{ host: 'api.mistral.ai', encrypted: true }]],
    ['litellm to a local model (classify.ts keeps it local)', 'import litellm\nlitellm.completion(model="ollama/llama3", messages=m)', [{ host: 'localhost', encrypted: true }]],
    ['litellm, a model of no known provider', 'import litellm\nlitellm.completion(model=MODEL, messages=m)', [{ host: "the model's provider", encrypted: true }]],
    ['Resend’s emails.send', 'import { Resend } from "resend";\nawait new Resend(key).emails.send({ to, text: rows });', [{ host: 'api.resend.com', encrypted: true }]],
    ['Postmark’s sendEmail', 'const postmark = require("postmark");\nawait new postmark.ServerClient(key).sendEmail({ To: to, TextBody: rows });', [{ host: 'api.postmarkapp.com', encrypted: true }]],
    ['Mailgun’s messages.create', 'import Mailgun from "mailgun.js";\nawait mg.messages.create("acme.io", { to, text: rows });', [{ host: 'api.mailgun.net', encrypted: true }]],
    ['Mistral’s chat.complete', 'from mistralai import Mistral\nMistral(api_key=k).chat.complete(model="mistral-large-latest", messages=m)', [{ host: 'api.mistral.ai', encrypted: true }]],
    ['nodemailer, a service named', 'import nodemailer from "nodemailer";\nnodemailer.createTransport({ service: "gmail", auth }).sendMail(m);', [{ host: 'smtp.gmail.com', encrypted: true }]],
  ])('%s', (_name, code, destinations) => {
    expect(destinationsInCode(code)).toEqual(destinations);
  });

  it.each([
    ['an SDK’s reads', 'import boto3\ns3 = boto3.client("s3")\ns3.download_file("b", "k", "out.csv")\nprint(s3.list_objects_v2(Bucket="b"))'],
    ['an SDK’s call named but not imported', 'def upload_file(path): pass\nupload_file("customers.csv")'],
    ['a database file given to connect', 'import sqlite3, requests\ncon = sqlite3.connect("app.db")\ndata = con.execute("select 1")'],
    ['a host given to code that sends nothing', 'import ftplib\nftp = ftplib.FTP("ftp.acme-files.io")\nftp.retrbinary("RETR x.csv", open("x.csv", "wb").write)'],
    ['a file name after host=', 'import requests\nrequests.post(url, data=rows, host="hosts.txt")'],
    ['a table written to a local file', 'import pandas as pd\npd.read_csv("customers.csv").to_csv("clean.csv")\ndf.to_parquet("out/c.parquet")'],
    ['nodemailer, a service it does not know', 'import nodemailer from "nodemailer";\nnodemailer.createTransport({ service: "constructor" }).sendMail(m);'],
    ['a list’s insert', 'import requests\nrows = []\nrows.insert(0, header)'],
  ])('none for %s', (_name, code) => {
    expect(destinationsInCode(code)).toEqual([]);
  });
});

describe('code that sends', () => {
  it.each([
    ['a request’s data', 'requests.request(method, url, data=rows)', true],
    ['a request’s files', 'httpx.Client().build_request("POST", url, files = {"f": fh})', true],
    ['a JavaScript parameter’s empty default', 'const run = (label, json, files = []) => spawnSync("node", files);', false],
    ['a Python parameter’s default of None', 'def send(url, data=None, json=None):\n    return url', false],
    ['an empty data argument', 'client.fetch(url, data={}, json="")', false],
  ])('%s: %s', (_name, code, sends) => {
    expect(SENDS_IN_CODE.test(code)).toBe(sends);
  });
});

describe('the environment code reads', () => {
  it('names each variable once, with the value the code falls back on', () => {
    const code = [
      'import os',
      'url = os.environ["WEBHOOK_URL"]',
      'api = os.environ.get("API_URL", "http://localhost:8000")',
      'host = os.getenv(\'SMTP_HOST\')',
      'again = os.environ["WEBHOOK_URL"]',
      'const a = process.env.INGEST_URL ?? "https://in.acme-analytics.io";',
      'const b = process.env["CSV_PATH"] || \'customers.csv\';',
      'const c = Deno.env.get("DENO_URL");',
      'host = ENV.fetch("RUBY_HOST", "localhost")',
      'my $h = $ENV{PERL_HOST};',
    ].join('\n');
    expect([...environmentReadIn(code)]).toEqual([
      ['WEBHOOK_URL', undefined],
      ['API_URL', 'http://localhost:8000'],
      ['SMTP_HOST', undefined],
      ['INGEST_URL', 'https://in.acme-analytics.io'],
      ['CSV_PATH', 'customers.csv'],
      ['DENO_URL', undefined],
      ['RUBY_HOST', 'localhost'],
      ['PERL_HOST', undefined],
    ]);
  });

  it.each([
    ['WEBHOOK_URL', true],
    ['SLACK_WEBHOOK', true],
    ['SMTP_HOST', true],
    ['API_ENDPOINT', true],
    ['SENTRY_DSN', true],
    ['DATABASE_URL', true],
    ['CSV_PATH', false],
    ['SECURITY_LEVEL', false],
    ['EMAIL_ADDRESS', false],
    ['GHOST_MODE', false],
  ])('%s says where code sends: %s', (name, destination) => {
    expect(DESTINATION_VARIABLE.test(name)).toBe(destination);
  });
});

describe('reading long adversarial code', () => {
  // Linear work on a megabyte takes milliseconds; a pattern that backtracked quadratically would run past the test's timeout.
  it.each([
    ['imports that never name the SDK', `from google.cloud import ${'a, '.repeat(300_000)}`],
    ['a client opened again and again, never closed', `import smtplib\n${'SMTP("'.repeat(150_000)}`],
    ['host options that never end', `requests.post(url, data=x)\n${'host: "a.'.repeat(100_000)}`],
    ['object store writes that never close', `import pandas\n${'.to_csv(a, b, '.repeat(100_000)}`],
    ['a copy from a table that never ends', `COPY t (${'a, '.repeat(300_000)}`],
    ['a client connected with spaces that never end', `requests.post(url, data=x)\nconnect(${' '.repeat(300_000)}x`],
    ['an import from google.cloud with spaces that never end', `from google.cloud import${' '.repeat(500_000)}\ndb.add(row)`],
  ])('%s', (_name, code) => {
    expect(destinationsInCode(code)).toEqual([]);
  });

  it('reads one variable named again and again once', () => {
    expect([...environmentReadIn(`import os\n${'os.environ["WEBHOOK_URL"] or '.repeat(100_000)}`)]).toEqual([['WEBHOOK_URL', undefined]]);
  });
});
