import { describe, expect, it } from 'vitest';
import { createAudioEngine, type AudioElementLike } from './audio-engine';

/** An audio element as far as the engine sees it: what it holds, where it is, whether it plays. */
class FakeAudio implements AudioElementLike {
  preload = 'metadata';
  currentTime = 0;
  volume = 1;
  error: unknown = null;
  playing = false;
  plays = 0;
  private source = '';
  /** What play() does on each call, in turn (then it succeeds). */
  refusals: Error[] = [];

  get src() {
    return this.source;
  }
  set src(url: string) {
    this.source = url;
    this.currentTime = 0;
    this.playing = false;
  }
  getAttribute() {
    return this.source || null;
  }
  play() {
    this.plays += 1;
    const refusal = this.refusals.shift();
    if (refusal) return Promise.reject(refusal);
    this.playing = true;
    return Promise.resolve();
  }
  pause() {
    this.playing = false;
  }
}

function engineWith(retryPlan = { retries: 3, delayMs: 500 }) {
  const elements = [new FakeAudio(), new FakeAudio()] as const;
  const waits: number[] = [];
  const swaps: number[] = [];
  const engine = createAudioEngine<FakeAudio>({
    retryPlan,
    onSwap: (slot) => swaps.push(slot),
    wait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  });
  engine.mountSlots[0](elements[0]);
  engine.mountSlots[1](elements[1]);
  const playing = () => elements.filter((e) => e.playing).map((e) => e.src);
  return { engine, elements, waits, swaps, playing };
}

describe('the audio engine', () => {
  it('plays the loaded track from its start', async () => {
    const { engine, playing } = engineWith();
    const audio = engine.load('/media/a.mp3')!;
    expect(await engine.start(audio)).toBe('started');
    expect(playing()).toEqual(['/media/a.mp3']);
  });

  it('changes to the preloaded next track without loading it again, and stops the one before', async () => {
    const { engine, elements, swaps, playing } = engineWith();
    await engine.start(engine.load('/media/a.mp3')!);
    engine.preload('/media/b.mp3');
    expect(elements[1]).toMatchObject({ src: '/media/b.mp3', preload: 'auto', playing: false });
    elements[1].currentTime = 0.2; // the browser buffered a little

    const next = engine.load('/media/b.mp3')!;
    expect(next).toBe(elements[1]);
    expect(next.currentTime).toBe(0);
    expect(swaps).toEqual([1]);
    expect(engine.isActive(elements[1])).toBe(true);
    await engine.start(next);
    expect(playing()).toEqual(['/media/b.mp3']);
    // The element that played a.mp3 now waits for the track after b.
    expect(engine.standby()).toBe(elements[0]);
  });

  it('does not swap in a preload that failed: the playing element loads the track itself', () => {
    const { engine, elements, swaps } = engineWith();
    engine.load('/media/a.mp3');
    engine.preload('/media/b.mp3');
    elements[1].error = { code: 4 };
    expect(engine.load('/media/b.mp3')).toBe(elements[0]);
    expect(elements[0].src).toBe('/media/b.mp3');
    expect(swaps).toEqual([]);
  });

  it('plays the same track again from its start without reloading it', async () => {
    const { engine, elements } = engineWith();
    await engine.start(engine.load('/media/a.mp3')!);
    elements[0].currentTime = 95;
    expect(engine.load('/media/a.mp3')).toBe(elements[0]);
    expect(elements[0].currentTime).toBe(0);
  });

  it('leaves a preload alone when the standby element already holds that track', () => {
    const { engine, elements } = engineWith();
    engine.preload('/media/b.mp3');
    elements[1].currentTime = 3;
    engine.preload('/media/b.mp3');
    expect(elements[1].currentTime).toBe(3);
  });

  it('tries a refused start again after the plan’s delay, and plays', async () => {
    const { engine, elements, waits, playing } = engineWith();
    const audio = engine.load('/media/a.mp3')!;
    elements[0].refusals = [new Error('busy'), new Error('busy')];
    expect(await engine.start(audio)).toBe('started');
    expect(elements[0].plays).toBe(3);
    expect(waits).toEqual([500, 500]);
    expect(playing()).toEqual(['/media/a.mp3']);
  });

  it('gives up after the plan’s retries (Firefox on Android: 3 tries in all)', async () => {
    const { engine, elements, waits, playing } = engineWith({ retries: 2, delayMs: 200 });
    const audio = engine.load('/media/a.mp3')!;
    elements[0].refusals = [new Error('no'), new Error('no'), new Error('no'), new Error('no')];
    expect(await engine.start(audio)).toBe('failed');
    expect(elements[0].plays).toBe(3);
    expect(waits).toEqual([200, 200]);
    expect(playing()).toEqual([]);
  });

  it('stops trying when paused meanwhile, and an interrupted start is no failure', async () => {
    const { engine, elements } = engineWith();
    const audio = engine.load('/media/a.mp3')!;
    elements[0].refusals = [new Error('busy')];
    const outcome = engine.start(audio);
    engine.stop();
    expect(await outcome).toBe('superseded');
    expect(elements[0].plays).toBe(1);

    elements[0].refusals = [new DOMException('The play() request was interrupted', 'AbortError')];
    expect(await engine.start(audio)).toBe('superseded');
  });

  it('sets the volume of both elements, so the next track starts as loud as this one', () => {
    const { engine, elements } = engineWith();
    engine.setVolume(0.4);
    expect(elements.map((e) => e.volume)).toEqual([0.4, 0.4]);
  });
});
