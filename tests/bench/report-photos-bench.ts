/**
 * `npm run bench:report-photos` (issue 36, decision 053 Thumbnails): the monthly report's PDF
 * with 12 photos drawn, from the originals (as before thumbnails) and from the report-size
 * images made on upload; the PDF's size and render time each way, and the time to make one
 * photo's renditions. The photos are synthetic: 2048 × 1536 (the phone's resize) of smoothed
 * noise at JPEG quality 85, about 312 kB each like the case decision 053 measured. Not part of
 * `npm test`.
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { makeRenditions } from '../../server/inspections/photo-renditions.ts';
import type { InspectionPhotoFact, ReportFacts } from '../../server/report/report-facts.ts';
import { renderReportPdf } from '../../server/report/report-pdf.ts';
import { fullFacts } from '../server/report/report-facts-fixture.ts';

const PHOTOS = 12;
const RUNS = 9;

const photoOf = (seed: number) =>
  sharp({
    create: {
      width: 2048,
      height: 1536,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 110 + seed, sigma: 28 },
    },
  })
    .blur(Number(process.env.BENCH_BLUR ?? 2))
    .jpeg({ quality: 85 })
    .toBuffer();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** Twelve photos over three inspections of the month, four each (the report's bounds). */
function factsWith(images: Buffer[]): ReportFacts {
  const facts = fullFacts();
  const [first] = facts.inspections;
  if (!first) throw new Error('the fixture has an inspection');
  const photo = (data: Buffer, i: number): InspectionPhotoFact => ({
    fileName: `inspection-photo-${i + 1}.jpg`,
    contentType: 'image/jpeg',
    sizeBytes: data.byteLength,
    data,
    note: null,
  });
  const inspections = [0, 1, 2].map((n) => ({
    ...first,
    photos: images.slice(4 * n, 4 * n + 4).map((data, i) => photo(data, 4 * n + i)),
    photosLeftOut: 0,
  }));
  return { ...facts, inspections };
}

async function measure(label: string, images: Buffer[]) {
  const times: number[] = [];
  let size = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    size = (await renderReportPdf(factsWith(images))).byteLength;
    times.push(performance.now() - started);
  }
  console.log(
    `${label}: PDF ${(size / 1e6).toFixed(2)} MB, render ${median(times).toFixed(0)} ms (median of ${RUNS})`,
  );
}

const originals = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => photoOf(i)));
const mean = originals.reduce((sum, p) => sum + p.byteLength, 0) / PHOTOS;
console.log(`${PHOTOS} photos 2048 × 1536, mean ${(mean / 1e3).toFixed(0)} kB`);

const made: Buffer[] = [];
const perPhoto: number[] = [];
let thumbBytes = 0;
for (const original of originals) {
  const started = performance.now();
  const renditions = await makeRenditions(original);
  perPhoto.push(performance.now() - started);
  made.push(renditions.reportImage);
  thumbBytes += renditions.thumbnail.byteLength;
}
const reportMean = made.reduce((sum, p) => sum + p.byteLength, 0) / PHOTOS;
console.log(
  `renditions: ${median(perPhoto).toFixed(0)} ms a photo (median; max ${Math.max(...perPhoto).toFixed(0)}), ` +
    `report image mean ${(reportMean / 1e3).toFixed(0)} kB, thumbnail mean ${(thumbBytes / PHOTOS / 1e3).toFixed(1)} kB`,
);

await measure('before (originals)', originals);
await measure('after (report-size images)', made);

// For the record: a smaller report image, as the 158 × 110 pt cell would allow (660 px at 300 dpi).
const smaller = await Promise.all(
  originals.map((original) =>
    sharp(original).resize(1024, 1024, { fit: 'inside' }).jpeg({ quality: 80 }).toBuffer(),
  ),
);
await measure('alternative (1024 px, quality 80)', smaller);
