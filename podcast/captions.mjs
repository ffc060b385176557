// Writes WebVTT captions for the episode: one cue per paragraph of the script, timed in proportion
// to its length over the measured duration of the audio (espeak-ng reads at an even pace).
// Usage: node podcast/captions.mjs <script.txt> <duration-seconds> > out.vtt
import fs from 'node:fs';

const [file, durationText] = process.argv.slice(2);
const duration = Number(durationText);
const paragraphs = fs.readFileSync(file, 'utf8').split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
const total = paragraphs.reduce((sum, p) => sum + p.length, 0);
const stamp = (s) => new Date(s * 1000).toISOString().slice(11, 23);
let at = 0;
const cues = paragraphs.map((text, i) => {
  const end = i === paragraphs.length - 1 ? duration : at + (duration * text.length) / total;
  const cue = `${i + 1}\n${stamp(at)} --> ${stamp(end)}\n${text}\n`;
  at = end;
  return cue;
});
process.stdout.write(`WEBVTT\n\n${cues.join('\n')}`);
