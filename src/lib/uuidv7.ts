// Time-ordered UUIDs (RFC 9562 version 7) for rows made on the device: ids written in one millisecond still sort
// in the order they were made, so queued replies keep their order on screen before the server stamps them.
export function createUuidV7(now: () => number, random: () => number = Math.random): () => string {
  let lastMs = -1;
  let counter = 0;
  const hex = (value: number, digits: number) => Math.floor(value).toString(16).padStart(digits, '0');
  return () => {
    let ms = now();
    if (ms <= lastMs) {
      counter += 1;
      // 12 bits of counter per millisecond; past that, borrow the next millisecond.
      if (counter > 0xfff) {
        lastMs += 1;
        counter = 0;
      }
      ms = lastMs;
    } else {
      lastMs = ms;
      counter = Math.floor(random() * 0x400);
    }
    const time = hex(ms, 12);
    const variant = hex(0x8000 | Math.floor(random() * 0x4000), 4);
    const tail = hex(random() * 0x1000000, 6) + hex(random() * 0x1000000, 6);
    return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(counter, 3)}-${variant}-${tail}`;
  };
}
