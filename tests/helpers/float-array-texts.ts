/** Flat float arrays as PostgreSQL writes them, gaps (NULL) and non-finite values included. */
export const FLAT_FLOAT_ARRAY_TEXTS = [
  '{}',
  '{1.5}',
  '{1.5,-2.25,0,-0,3e-05,1.7976931348623157e+308}',
  '{NaN,Infinity,-Infinity,NULL,4}',
  '{NULL}',
];

/** Shapes a one-split reader must leave to the driver's general reader. */
export const OTHER_FLOAT_ARRAY_TEXTS = ['{{1,2},{3,4}}', '[0:1]={1.5,2}'];

/** `count` random flat float arrays (a fixed seed, so a failure repeats). */
export function randomFloatArrayTexts(seed: number, count: number): string[] {
  let state = seed;
  const random = () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
  return Array.from({ length: count }, () => {
    const values = Array.from({ length: Math.floor(random() * 40) }, () => {
      const pick = random();
      if (pick < 0.05) return 'NULL';
      if (pick < 0.08) return 'NaN';
      return String((random() - 0.5) * 10 ** Math.floor(random() * 20 - 10));
    });
    return `{${values.join(',')}}`;
  });
}
