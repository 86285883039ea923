import { randomInt, randomUUID } from 'node:crypto';
import type { Captcha } from '@portal/contract';
import { PNG } from 'pngjs';
import type { Db } from '../../platform/db';
import * as repo from './identity.repository';

/**
 * Server-drawn captchas (spec sections 3 and 5): a PNG of a few distorted characters on a noisy background,
 * drawn pixel by pixel into a pngjs buffer, so nothing native or downloaded is needed. The answer is kept in
 * the database (every instance can check it), used once and expires.
 *
 * The alphabet leaves out characters people confuse (0/O, 1/I/L), and answers are compared without regard to
 * case, so what a player reads is what they can type.
 */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A 5x7 bitmap per character, rows top to bottom, `#` inked. */
const glyphs: Record<string, readonly string[]> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['###..', '#..#.', '#...#', '#...#', '#...#', '#..#.', '###..'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  J: ['..###', '...#.', '...#.', '...#.', '#..#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['#####', '...#.', '..#..', '...#.', '....#', '#...#', '.###.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
};

type Rgb = [number, number, number];

const between = (low: number, high: number) => low + Math.random() * (high - low);

class Canvas {
  readonly png: PNG;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.png = new PNG({ width, height });
  }

  set(x: number, y: number, [r, g, b]: Rgb): void {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= this.width || py >= this.height) return;
    const offset = (py * this.width + px) * 4;
    this.png.data[offset] = r;
    this.png.data[offset + 1] = g;
    this.png.data[offset + 2] = b;
    this.png.data[offset + 3] = 255;
  }

  line(x0: number, y0: number, x1: number, y1: number, colour: Rgb, thickness: number): void {
    const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
    for (let step = 0; step <= steps; step += 1) {
      const x = x0 + ((x1 - x0) * step) / steps;
      const y = y0 + ((y1 - y0) * step) / steps;
      for (let t = 0; t < thickness; t += 1) this.set(x, y + t, colour);
    }
  }
}

/** Draws the answer as a PNG: tinted background, speckles, rotated and warped glyphs, crossing lines. */
export function drawCaptchaPng(answer: string): Buffer {
  const width = 30 * answer.length + 10;
  const height = 44;
  const canvas = new Canvas(width, height);
  const base: Rgb = [randomInt(225, 256), randomInt(225, 256), randomInt(225, 256)];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const shade = Math.round((x / width) * 18);
      canvas.set(x, y, [base[0] - shade, base[1] - Math.round(shade / 2), base[2]]);
    }
  }
  for (let dot = 0; dot < width * 2; dot += 1) {
    canvas.set(randomInt(width), randomInt(height), [randomInt(120, 230), randomInt(120, 230), randomInt(120, 230)]);
  }

  const phase = between(0, Math.PI * 2);
  [...answer].forEach((char, index) => {
    const bitmap = glyphs[char];
    if (!bitmap) return;
    const colour: Rgb = [randomInt(10, 120), randomInt(10, 120), randomInt(10, 120)];
    const centreX = 20 + index * 30 + between(-3, 3);
    const centreY = height / 2 + between(-4, 4);
    const angle = between(-0.35, 0.35);
    const scaleX = between(3.4, 4.2);
    const scaleY = between(3.6, 4.4);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    for (let y = Math.floor(centreY - 22); y <= centreY + 22; y += 1) {
      for (let x = Math.floor(centreX - 22); x <= centreX + 22; x += 1) {
        const dx = x - centreX;
        const dy = y - centreY;
        const u = (cos * dx + sin * dy) / scaleX + 2.5;
        const v = (-sin * dx + cos * dy) / scaleY + 3.5 + 0.35 * Math.sin(x / 7 + phase);
        if (u < 0 || v < 0 || u >= 5 || v >= 7) continue;
        if (bitmap[Math.floor(v)]?.[Math.floor(u)] === '#') canvas.set(x, y, colour);
      }
    }
  });

  for (let stroke = 0; stroke < 4; stroke += 1) {
    const colour: Rgb = [randomInt(60, 180), randomInt(60, 180), randomInt(60, 180)];
    canvas.line(0, randomInt(height), width - 1, randomInt(height), colour, stroke === 0 ? 2 : 1);
  }
  return PNG.sync.write(canvas.png);
}

export type CaptchaServiceDeps = { db: Db; now: () => Date; ttlSeconds: number };

export function createCaptchaService(deps: CaptchaServiceDeps) {
  let issued = 0;
  return {
    /** A new captcha of `length` characters; its answer lives `ttlSeconds`. */
    async issue(length: number): Promise<Captcha> {
      const answer = Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
      const now = deps.now();
      const captchaId = randomUUID();
      await repo.insertCaptcha(deps.db, {
        id: captchaId,
        answer,
        createdAt: now,
        expiresAt: new Date(now.getTime() + deps.ttlSeconds * 1000),
      });
      // Unused captchas are swept now and then rather than by a job: the table stays small either way.
      issued += 1;
      if (issued % 50 === 0) await repo.deleteExpiredCaptchas(deps.db, now);
      return {
        captchaId,
        image: drawCaptchaPng(answer).toString('base64'),
        expiresInSeconds: deps.ttlSeconds,
      };
    },

    /**
     * Checks an answer and uses the captcha up, right or wrong, so that each image allows one guess.
     * False for an unknown, used or expired captcha.
     */
    async verify(captchaId: string | undefined, answer: string | undefined): Promise<boolean> {
      if (!captchaId || !answer || !/^[0-9a-f-]{36}$/i.test(captchaId)) return false;
      const stored = await repo.takeCaptcha(deps.db, captchaId);
      if (!stored || stored.expiresAt <= deps.now()) return false;
      return stored.answer.toUpperCase() === answer.trim().toUpperCase();
    },

    /** The answer of a live captcha without using it up: for development tools and tests only. */
    async peek(captchaId: string): Promise<string | null> {
      if (!/^[0-9a-f-]{36}$/i.test(captchaId)) return null;
      const stored = await repo.findCaptcha(deps.db, captchaId);
      return stored && stored.expiresAt > deps.now() ? stored.answer : null;
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
