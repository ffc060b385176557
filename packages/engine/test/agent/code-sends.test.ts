// Where code sends with no URL in it (code-sends.ts): the SDK calls that upload or post, and the
// hosts it gives its clients; outbound-commands.test.ts shows the hook judging what such scripts send.
import { describe, expect, it } from 'vitest';
import { destinationsInCode } from '../../src/agent/code-sends.ts';

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
  ])('%s', (_name, code, destinations) => {
    expect(destinationsInCode(code)).toEqual(destinations);
  });

  it.each([
    ['an SDK’s reads', 'import boto3\ns3 = boto3.client("s3")\ns3.download_file("b", "k", "out.csv")\nprint(s3.list_objects_v2(Bucket="b"))'],
    ['an SDK’s call named but not imported', 'def upload_file(path): pass\nupload_file("customers.csv")'],
    ['a database file given to connect', 'import sqlite3, requests\ncon = sqlite3.connect("app.db")\ndata = con.execute("select 1")'],
    ['a host given to code that sends nothing', 'import ftplib\nftp = ftplib.FTP("ftp.acme-files.io")\nftp.retrbinary("RETR x.csv", open("x.csv", "wb").write)'],
    ['a file name after host=', 'import requests\nrequests.post(url, data=rows, host="hosts.txt")'],
  ])('none for %s', (_name, code) => {
    expect(destinationsInCode(code)).toEqual([]);
  });
});

describe('reading long adversarial code', () => {
  // Linear work on a megabyte takes milliseconds; a pattern that backtracked quadratically would run past the test's timeout.
  it.each([
    ['imports that never name the SDK', `from google.cloud import ${'a, '.repeat(300_000)}`],
    ['a client opened again and again, never closed', `import smtplib\n${'SMTP("'.repeat(150_000)}`],
    ['host options that never end', `requests.post(url, data=x)\n${'host: "a.'.repeat(100_000)}`],
  ])('%s', (_name, code) => {
    expect(destinationsInCode(code)).toEqual([]);
  });
});
