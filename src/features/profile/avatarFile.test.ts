// The spec's avatar checks on the chosen file, the resize arithmetic, and telling a moving GIF from a still one.
import { describe, expect, it } from 'vitest';
import { avatarExtension, avatarFileProblem, fitWithin, isAnimatedGif } from './avatarFile.ts';

describe('avatarFileProblem', () => {
  it('accepts the four image types under 2 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
      expect(avatarFileProblem({ type, size: 2 * 1024 * 1024 - 1 })).toBeNull();
  });
  it("refuses other types with the spec's message", () => {
    for (const type of ['image/svg+xml', 'application/pdf', ''])
      expect(avatarFileProblem({ type, size: 10 })).toBe('Please upload an image file (jpg, png, gif, or webp)');
  });
  it("refuses a chosen file of 2 MB or more with the spec's message, even though it would shrink", () => {
    expect(avatarFileProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBe('File size must be less than 2MB');
    expect(avatarFileProblem({ type: 'image/jpeg', size: 3 * 1024 * 1024 })).toBe('File size must be less than 2MB');
  });
});

describe('fitWithin', () => {
  it('scales the longer side down to 512 and keeps the proportions', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 512, height: 384 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 384, height: 512 });
    expect(fitWithin(6000, 20)).toEqual({ width: 512, height: 2 });
  });
  it('never enlarges, and never rounds a side to nothing', () => {
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(512, 512)).toEqual({ width: 512, height: 512 });
    expect(fitWithin(100_000, 1)).toEqual({ width: 512, height: 1 });
  });
});

describe('isAnimatedGif', () => {
  const frame = [0x21, 0xf9, 0x04, 0, 0, 0, 0, 0];
  const gif = (frames: number) => new Uint8Array([0x47, 0x49, 0x46, ...Array(frames).fill(frame).flat()]);
  it('sees two or more frames as animated, one as still', () => {
    expect(isAnimatedGif(gif(1))).toBe(false);
    expect(isAnimatedGif(gif(2))).toBe(true);
    expect(isAnimatedGif(gif(0))).toBe(false);
  });
});

it('names the object after the type it is stored as', () => {
  expect(avatarExtension('image/webp')).toBe('webp');
  expect(avatarExtension('image/jpeg')).toBe('jpg');
  expect(avatarExtension('image/gif')).toBe('gif');
});
