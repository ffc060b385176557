#!/bin/sh
# Produces the homepage's podcast episode from the written script: espeak-ng reads episode-1.txt,
# opusenc compresses it to a small mono Opus file. Needs Debian's espeak-ng and opus-tools
# (apt-get install -y espeak-ng opus-tools); the site and its tests only use the committed output.
# Run from the repository root: sh podcast/generate.sh
set -eu
here=$(dirname "$0")
out="$here/../apps/web/public/podcast"
mkdir -p "$out"
wav=$(mktemp --suffix=.wav)
trap 'rm -f "$wav"' EXIT
espeak-ng -v en-us -s 160 -p 45 -f "$here/episode-1.txt" -w "$wav"
opusenc --quiet --bitrate 12 --downmix-mono --title "Bytebound episode 1: Compiling the law for AI agents" --artist "Bytebound" "$wav" "$out/bytebound-episode-1.opus"
cp "$here/episode-1.txt" "$out/bytebound-episode-1.txt"
seconds=$(opusinfo "$out/bytebound-episode-1.opus" | sed -n 's/.*Playback length: \([0-9]*\)m:\([0-9.]*\)s.*/\1 \2/p' | awk '{ print $1 * 60 + $2 }')
node "$here/captions.mjs" "$here/episode-1.txt" "$seconds" > "$out/bytebound-episode-1.vtt"
ls -l "$out"
