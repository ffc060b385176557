// The backdrop's scene: particles, neural nodes with their links, a faint matrix rain and the
// cursor trail, drawn on one 2D canvas. Counts come from spec section 9 and are scaled down on
// small screens and slow devices.
import { CURSOR_TRAIL_LIFETIME_MS, NEURAL_NODES, PARTICLES_HOMEPAGE } from '../../../config/constants.ts';

type Point = { x: number; y: number; vx: number; vy: number };
type TrailPoint = { x: number; y: number; at: number };

const LINK_DISTANCE = 120;
const MATRIX_CELL = 22;
const MATRIX_GLYPHS = '01<>{}[]=;ABCDEF';
/** A full-HD canvas on an 8-core device gets the full counts. */
const REFERENCE_AREA = 1920 * 1080;

export function deviceScale(width: number, height: number, cores: number): number {
  const area = Math.min(1, (width * height) / REFERENCE_AREA);
  const speed = cores >= 8 ? 1 : cores >= 4 ? 0.5 : 0.25;
  return Math.max(0.05, area * speed);
}

function randomPoints(n: number, width: number, height: number, speed: number): Point[] {
  return Array.from({ length: n }, () => ({
    x: Math.random() * width,
    y: Math.random() * height,
    vx: (Math.random() - 0.5) * speed,
    vy: (Math.random() - 0.5) * speed,
  }));
}

export class Scene {
  private particles: Point[] = [];
  private nodes: Point[] = [];
  private drops: number[] = [];
  private trail: TrailPoint[] = [];
  private width = 0;
  private height = 0;
  private last = 0;

  constructor(private readonly ctx: CanvasRenderingContext2D) {}

  resize(width: number, height: number, cores: number) {
    this.width = width;
    this.height = height;
    const scale = deviceScale(width, height, cores);
    this.particles = randomPoints(Math.round(PARTICLES_HOMEPAGE * scale), width, height, 0.3);
    this.nodes = randomPoints(Math.max(12, Math.round(NEURAL_NODES * Math.sqrt(scale))), width, height, 0.4);
    this.drops = Array.from({ length: Math.ceil(width / MATRIX_CELL) }, () => Math.random() * height);
  }

  addTrail(x: number, y: number, now: number) {
    this.trail.push({ x, y, at: now });
  }

  /** Advances by the time since the last frame (capped, so a resumed tab does not jump) and draws. */
  step(now: number) {
    const dt = this.last ? Math.min(50, now - this.last) / 16 : 1;
    this.last = now;
    for (const points of [this.particles, this.nodes]) {
      for (const p of points) {
        p.x = (p.x + p.vx * dt + this.width) % this.width;
        p.y = (p.y + p.vy * dt + this.height) % this.height;
      }
    }
    for (let i = 0; i < this.drops.length; i++) this.drops[i] = (this.drops[i]! + 0.6 * dt) % (this.height + MATRIX_CELL);
    this.trail = this.trail.filter((t) => now - t.at < CURSOR_TRAIL_LIFETIME_MS);
    this.draw(now);
  }

  draw(now: number) {
    const { ctx } = this;
    ctx.clearRect(0, 0, this.width, this.height);

    ctx.fillStyle = 'rgba(34, 211, 238, 0.07)';
    ctx.font = `${MATRIX_CELL - 6}px monospace`;
    this.drops.forEach((y, i) => ctx.fillText(MATRIX_GLYPHS[(i * 7 + Math.floor(y / MATRIX_CELL)) % MATRIX_GLYPHS.length]!, i * MATRIX_CELL, y));

    ctx.fillStyle = 'rgba(165, 243, 252, 0.35)';
    for (const p of this.particles) ctx.fillRect(p.x, p.y, 1.5, 1.5);

    ctx.strokeStyle = 'rgba(34, 211, 238, 0.12)';
    ctx.beginPath();
    for (let i = 0; i < this.nodes.length; i++) {
      const a = this.nodes[i]!;
      for (let j = i + 1; j < this.nodes.length; j++) {
        const b = this.nodes[j]!;
        const dx = a.x - b.x;
        const dy = a.y - b.y;
        if (dx * dx + dy * dy < LINK_DISTANCE * LINK_DISTANCE) {
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(b.x, b.y);
        }
      }
    }
    ctx.stroke();
    ctx.fillStyle = 'rgba(103, 232, 249, 0.6)';
    for (const n of this.nodes) ctx.fillRect(n.x - 1.5, n.y - 1.5, 3, 3);

    for (const t of this.trail) {
      const life = 1 - (now - t.at) / CURSOR_TRAIL_LIFETIME_MS;
      ctx.fillStyle = `rgba(103, 232, 249, ${(0.5 * life).toFixed(3)})`;
      ctx.beginPath();
      ctx.arc(t.x, t.y, 3 * life + 1, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}
