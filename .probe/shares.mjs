import sharp from 'sharp';
import { execSync } from 'node:child_process';
import { encodePng, log } from './pwlog.mjs';
const files = [...execSync('find /tmp/cmpA -name "*.png"').toString().trim().split('\n'), '/tmp/ob/bench/en/tts/cards-1.png', '/tmp/ob/bench/en/tts/cards-2.png'];
for (const file of files) {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  encodePng({ data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, channels: info.channels }, { color: info.channels === 3 ? 'rgb' : 'rgba' });
}
const buckets = {};
for (const [share, r] of log) { const b = Math.floor(share * 10) / 10; buckets[b] ??= [0, 0]; buckets[b][r ? 0 : 1]++; }
console.log(files.length, 'files', log.length, 'tested pieces; by share decile: [plain, up]'); console.log(buckets);
