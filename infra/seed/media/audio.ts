/**
 * Seeded music synthesiser: short, deterministic pieces (chords, bass, drums, melody) for the seed
 * catalogue, as PCM. MP3 encoding is in mp3.ts, so the album-ZIP Lambda, which renders the seeded
 * WAV masters and instrumentals from these recipes, does not carry the encoder.
 */
import { seededRandom, type Random } from './random.js';

export const SAMPLE_RATE = 44100;
/** An MPEG-1 Layer III frame always carries 1152 samples. */
export const SAMPLES_PER_FRAME = 1152;

export type MusicStyle = 'indie-pop' | 'lofi' | 'ambient' | 'synthwave' | 'folk' | 'house';

/** What the catalogue asks for; every other musical choice (key, tempo, chords, melody) follows from `seed`. */
export interface AudioRecipe {
  seed: string;
  /** Whole seconds; the encoded file lasts this long to within half an MP3 frame (13 ms). */
  durationSeconds: number;
  style: MusicStyle;
}

type Lead = 'pluck' | 'sine' | 'bell' | 'square';
type Groove = 'backbeat' | 'lazy' | 'none' | 'four-on-floor' | 'brush';
type BassLine = 'eighths' | 'roots' | 'drone' | 'sixteenths' | 'offbeat';

interface StyleSound {
  tempo: [number, number];
  modes: Mode[];
  lead: Lead;
  groove: Groove;
  bass: BassLine;
  /** Delay of every second eighth note, as a fraction of an eighth. */
  swing: number;
  barsPerChord: number;
}

type Mode = 'major' | 'minor' | 'dorian' | 'mixolydian';

const modeSteps: Record<Mode, number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
};

const sounds: Record<MusicStyle, StyleSound> = {
  'indie-pop': { tempo: [100, 124], modes: ['major', 'mixolydian'], lead: 'pluck', groove: 'backbeat', bass: 'eighths', swing: 0, barsPerChord: 1 },
  lofi: { tempo: [72, 88], modes: ['dorian', 'major'], lead: 'sine', groove: 'lazy', bass: 'roots', swing: 0.33, barsPerChord: 1 },
  ambient: { tempo: [60, 72], modes: ['major', 'dorian'], lead: 'bell', groove: 'none', bass: 'drone', swing: 0, barsPerChord: 2 },
  synthwave: { tempo: [96, 112], modes: ['minor', 'dorian'], lead: 'square', groove: 'backbeat', bass: 'sixteenths', swing: 0, barsPerChord: 1 },
  folk: { tempo: [84, 104], modes: ['major', 'mixolydian'], lead: 'pluck', groove: 'brush', bass: 'roots', swing: 0.15, barsPerChord: 1 },
  house: { tempo: [118, 124], modes: ['minor', 'dorian'], lead: 'square', groove: 'four-on-floor', bass: 'offbeat', swing: 0, barsPerChord: 1 },
};

/** Chord progressions as 0-based scale degrees; the triads are built inside the mode, so every chord is diatonic. */
const progressions = [
  [0, 4, 5, 3],
  [5, 3, 0, 4],
  [0, 5, 3, 4],
  [1, 4, 0, 5],
  [0, 3, 4, 3],
  [0, 6, 5, 4],
  [3, 0, 4, 5],
  [0, 2, 3, 4],
];

const midiToHz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** The piece's musical decisions, all drawn from the seed. */
interface Score {
  tempo: number;
  beatSamples: number;
  barSamples: number;
  bars: number;
  sound: StyleSound;
  /** MIDI note of the key centre in the bass octave. */
  tonic: number;
  steps: number[];
  progression: number[];
  /** Two-bar motifs: [eighth slot, scale steps above the chord root, length in eighths]. */
  motifs: [number, number, number][][];
  motifOrder: number[];
  kickPattern: boolean[];
}

function compose(recipe: AudioRecipe, totalSamples: number, random: Random): Score {
  const sound = sounds[recipe.style];
  const tempo = Math.round(random.between(sound.tempo[0], sound.tempo[1]));
  const beatSamples = Math.round((60 / tempo) * SAMPLE_RATE);
  const barSamples = beatSamples * 4;
  const mode = random.pick(sound.modes);
  const motifs = [0, 1].map(() => composeMotif(random));
  return {
    tempo,
    beatSamples,
    barSamples,
    bars: Math.ceil(totalSamples / barSamples),
    sound,
    tonic: 38 + random.int(12),
    steps: modeSteps[mode],
    progression: random.pick(progressions),
    motifs,
    motifOrder: random.pick([
      [0, 0, 1, 0],
      [0, 1, 0, 1],
      [0, 0, 1, 1],
    ]),
    kickPattern: Array.from({ length: 8 }, (_, eighth) => eighth === 0 || eighth === 4 || (eighth % 2 === 1 && random.chance(0.2))),
  };
}

function composeMotif(random: Random): [number, number, number][] {
  const notes: [number, number, number][] = [];
  let pitch = random.pick([0, 2, 4]);
  for (let slot = 0; slot < 16; ) {
    const strong = slot % 4 === 0;
    if (random.chance(strong ? 0.85 : 0.45)) {
      const length = random.pick(strong ? [2, 2, 3, 4] : [1, 1, 2]);
      // Strong beats land on chord tones, the rest walk by step so the line sings rather than jumps.
      pitch = strong ? random.pick([0, 2, 4, 7]) : Math.max(-2, Math.min(9, pitch + random.pick([-2, -1, 1, 2])));
      notes.push([slot, pitch, Math.min(length, 16 - slot)]);
      slot += length;
    } else {
      slot += 1;
    }
  }
  return notes;
}

/** MIDI note of scale degree `degree` (may exceed the octave) above the tonic. */
function noteOf(score: Score, degree: number, octave: number): number {
  const steps = score.steps;
  const wrapped = ((degree % 7) + 7) % 7;
  return score.tonic + 12 * (octave + Math.floor(degree / 7)) + steps[wrapped];
}

function chordDegreeAt(score: Score, bar: number): number {
  const index = Math.floor(bar / score.sound.barsPerChord) % score.progression.length;
  return score.progression[index];
}

/** Attack–decay–sustain–release gain at `t` seconds into a note held for `hold` seconds. */
function envelope(t: number, hold: number, attack: number, decay: number, sustain: number, release: number): number {
  if (t < attack) return t / attack;
  if (t < hold) {
    const d = t - attack;
    return d < decay ? 1 - (1 - sustain) * (d / decay) : sustain;
  }
  const level = hold < attack ? hold / attack : sustain;
  return Math.max(0, level * (1 - (t - hold) / release));
}

const TABLE_SIZE = 2048;
const wavetables = new Map<string, Float32Array>();

/** One cycle of a waveform made of the given harmonic amplitudes, computed once and then looked up. */
function wavetable(harmonics: readonly number[]): Float32Array {
  const name = harmonics.join(',');
  let table = wavetables.get(name);
  if (!table) {
    table = new Float32Array(TABLE_SIZE + 1);
    for (let i = 0; i <= TABLE_SIZE; i++) {
      const phase = (2 * Math.PI * i) / TABLE_SIZE;
      for (let h = 0; h < harmonics.length; h++) table[i] += harmonics[h] * Math.sin(phase * (h + 1));
    }
    wavetables.set(name, table);
  }
  return table;
}

function addTone(bus: Float32Array, start: number, hold: number, freq: number, gain: number, harmonics: readonly number[], shape: [number, number, number, number]) {
  const [attack, decay, sustain, release] = shape;
  const table = wavetable(harmonics);
  const length = Math.min(bus.length - start, Math.ceil((hold + release) * SAMPLE_RATE));
  const step = (freq * TABLE_SIZE) / SAMPLE_RATE;
  let position = 0;
  for (let i = 0; i < length; i++) {
    const index = position | 0;
    const value = table[index] + (position - index) * (table[index + 1] - table[index]);
    bus[start + i] += gain * value * envelope(i / SAMPLE_RATE, hold, attack, decay, sustain, release);
    position += step;
    if (position >= TABLE_SIZE) position -= TABLE_SIZE;
  }
}

/** Karplus–Strong plucked string: a noise burst circulating through a damped delay line. */
function addPluck(bus: Float32Array, start: number, seconds: number, freq: number, gain: number, random: Random) {
  const period = Math.max(2, Math.round(SAMPLE_RATE / freq));
  const line = new Float32Array(period);
  for (let i = 0; i < period; i++) line[i] = random.between(-1, 1);
  const length = Math.min(bus.length - start, Math.ceil(seconds * SAMPLE_RATE));
  const fadeFrom = length - 0.02 * SAMPLE_RATE;
  for (let i = 0; i < length; i++) {
    const j = i % period;
    const next = line[(j + 1) % period];
    const out = line[j];
    line[j] = 0.996 * 0.5 * (out + next);
    const fade = i > fadeFrom ? (length - i) / (length - fadeFrom) : 1;
    bus[start + i] += gain * out * fade;
  }
}

/** Two-operator FM bell. */
function addBell(bus: Float32Array, start: number, seconds: number, freq: number, gain: number) {
  const length = Math.min(bus.length - start, Math.ceil(seconds * SAMPLE_RATE));
  const carrier = (2 * Math.PI * freq) / SAMPLE_RATE;
  const modulator = carrier * 3.5;
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE;
    const index = 2.2 * Math.exp(-t * 6);
    const amp = Math.min(1, t / 0.004) * Math.exp(-t * 2.2);
    bus[start + i] += gain * amp * Math.sin(i * carrier + index * Math.sin(i * modulator));
  }
}

/** Drum sounds rendered once per piece and then stamped onto the beat, as a drum machine plays its samples. */
interface DrumKit {
  kick: Float32Array;
  snares: Float32Array[];
  hats: Float32Array[];
  brushes: Float32Array[];
}

function kickSample(): Float32Array {
  const sample = new Float32Array(Math.round(0.35 * SAMPLE_RATE));
  let phase = 0;
  for (let i = 0; i < sample.length; i++) {
    const t = i / SAMPLE_RATE;
    phase += (2 * Math.PI * (48 + 110 * Math.exp(-t * 35))) / SAMPLE_RATE;
    sample[i] = Math.exp(-t * 9) * Math.sin(phase);
  }
  return sample;
}

function noiseHitSample(decay: number, tone: number, random: Random): Float32Array {
  const sample = new Float32Array(Math.round((6 / decay) * SAMPLE_RATE));
  let previous = 0;
  for (let i = 0; i < sample.length; i++) {
    const t = i / SAMPLE_RATE;
    const noise = random.between(-1, 1);
    // A first difference keeps the hiss bright (a crude high-pass); the optional tone gives a snare its body.
    const bright = noise - previous;
    previous = noise;
    const body = tone > 0 ? 0.6 * Math.sin(2 * Math.PI * tone * t) * Math.exp(-t * 30) : 0;
    sample[i] = (0.5 * bright + body) * Math.exp(-t * decay);
  }
  return sample;
}

function buildKit(random: Random): DrumKit {
  const variants = (make: () => Float32Array) => [make(), make(), make()];
  return {
    kick: kickSample(),
    snares: variants(() => noiseHitSample(18, 190, random)),
    hats: variants(() => noiseHitSample(50, 0, random)),
    brushes: variants(() => noiseHitSample(12, 0, random)),
  };
}

function addSample(bus: Float32Array, start: number, sample: Float32Array, gain: number) {
  const length = Math.min(sample.length, bus.length - start);
  for (let i = 0; i < length; i++) bus[start + i] += gain * sample[i];
}

function lowPass(bus: Float32Array, cutoffHz: number) {
  const a = 1 - Math.exp((-2 * Math.PI * cutoffHz) / SAMPLE_RATE);
  let y = 0;
  for (let i = 0; i < bus.length; i++) {
    y += a * (bus[i] - y);
    bus[i] = y;
  }
}

function echo(bus: Float32Array, delaySamples: number, feedback: number) {
  for (let i = delaySamples; i < bus.length; i++) bus[i] += feedback * bus[i - delaySamples];
}

function eighthStart(score: Score, bar: number, eighth: number): number {
  const eighthSamples = score.beatSamples / 2;
  const swing = eighth % 2 === 1 ? score.sound.swing * eighthSamples : 0;
  return Math.round(bar * score.barSamples + eighth * eighthSamples + swing);
}

function renderPad(score: Score, bus: Float32Array) {
  const barSeconds = score.barSamples / SAMPLE_RATE;
  const harmonics = score.sound.lead === 'square' ? [1, 0.45, 0.25, 0.12] : [1, 0.3, 0.12];
  for (let bar = 0; bar < score.bars; bar += score.sound.barsPerChord) {
    const degree = chordDegreeAt(score, bar);
    const hold = barSeconds * score.sound.barsPerChord;
    for (const third of [0, 2, 4]) {
      const freq = midiToHz(noteOf(score, degree + third, 2));
      // Two slightly detuned voices per chord tone give the pad its width.
      addTone(bus, bar * score.barSamples, hold, freq, 0.07, harmonics, [0.25, 0.4, 0.8, 0.6]);
      addTone(bus, bar * score.barSamples, hold, freq * 1.004, 0.05, harmonics, [0.3, 0.4, 0.8, 0.6]);
    }
  }
}

function renderBass(score: Score, bus: Float32Array) {
  const eighthSeconds = score.beatSamples / 2 / SAMPLE_RATE;
  const firstBar = score.sound.bass === 'drone' ? 0 : 2;
  for (let bar = firstBar; bar < score.bars; bar++) {
    const root = noteOf(score, chordDegreeAt(score, bar), 0);
    const freq = midiToHz(root);
    const fifth = midiToHz(noteOf(score, chordDegreeAt(score, bar) + 4, 0));
    const harmonics = [1, 0.5, 0.2];
    switch (score.sound.bass) {
      case 'drone':
        if (bar % score.sound.barsPerChord === 0) {
          addTone(bus, bar * score.barSamples, (score.barSamples * score.sound.barsPerChord) / SAMPLE_RATE, freq, 0.22, [1, 0.2], [1, 0.5, 0.9, 1]);
        }
        break;
      case 'roots':
        addTone(bus, eighthStart(score, bar, 0), eighthSeconds * 3, freq, 0.32, harmonics, [0.01, 0.2, 0.6, 0.1]);
        addTone(bus, eighthStart(score, bar, 4), eighthSeconds * 2, bar % 2 ? fifth : freq, 0.3, harmonics, [0.01, 0.2, 0.6, 0.1]);
        addTone(bus, eighthStart(score, bar, 7), eighthSeconds, freq, 0.25, harmonics, [0.01, 0.1, 0.5, 0.05]);
        break;
      case 'eighths':
        for (let eighth = 0; eighth < 8; eighth++) {
          addTone(bus, eighthStart(score, bar, eighth), eighthSeconds * 0.8, eighth === 6 ? fifth : freq, 0.26, harmonics, [0.005, 0.1, 0.5, 0.04]);
        }
        break;
      case 'sixteenths':
        for (let sixteenth = 0; sixteenth < 16; sixteenth++) {
          const start = bar * score.barSamples + Math.round((sixteenth * score.beatSamples) / 4);
          addTone(bus, start, eighthSeconds * 0.4, sixteenth % 4 === 3 ? freq * 2 : freq, 0.24, [1, 0.6, 0.35, 0.2], [0.003, 0.05, 0.4, 0.03]);
        }
        break;
      case 'offbeat':
        for (let beat = 0; beat < 4; beat++) {
          addTone(bus, eighthStart(score, bar, beat * 2 + 1), eighthSeconds * 0.9, freq, 0.3, [1, 0.7, 0.4], [0.005, 0.08, 0.6, 0.04]);
        }
        break;
    }
  }
}

function renderDrums(score: Score, bus: Float32Array, random: Random) {
  const groove = score.sound.groove;
  if (groove === 'none') return;
  const kit = buildKit(random);
  // The last bar stays free of drums so the piece can ring out.
  for (let bar = 2; bar < score.bars - 1; bar++) {
    for (let eighth = 0; eighth < 8; eighth++) {
      const at = eighthStart(score, bar, eighth);
      const onBeat = eighth % 2 === 0;
      const backbeat = eighth === 2 || eighth === 6;
      const snare = random.pick(kit.snares);
      const hat = random.pick(kit.hats);
      switch (groove) {
        case 'four-on-floor':
          if (onBeat) addSample(bus, at, kit.kick, 0.9);
          if (backbeat) addSample(bus, at, snare, 0.35);
          if (!onBeat) addSample(bus, at, hat, 0.3);
          break;
        case 'backbeat':
        case 'lazy':
          if (score.kickPattern[eighth]) addSample(bus, at, kit.kick, groove === 'lazy' ? 0.65 : 0.85);
          if (backbeat) addSample(bus, at, snare, groove === 'lazy' ? 0.25 : 0.4);
          addSample(bus, at, hat, onBeat ? 0.14 : 0.09);
          break;
        case 'brush':
          if (eighth === 0 || eighth === 5) addSample(bus, at, kit.kick, 0.5);
          addSample(bus, at, random.pick(kit.brushes), backbeat ? 0.22 : 0.08);
          break;
      }
    }
  }
}

function renderLead(score: Score, bus: Float32Array, random: Random) {
  const eighthSeconds = score.beatSamples / 2 / SAMPLE_RATE;
  const lastBar = score.bars - 2;
  for (let bar = 4; bar < lastBar; bar += 2) {
    const motif = score.motifs[score.motifOrder[(bar / 2) % score.motifOrder.length]];
    for (const [slot, steps, length] of motif) {
      const noteBar = bar + Math.floor(slot / 8);
      if (noteBar >= lastBar) continue;
      const midi = noteOf(score, chordDegreeAt(score, noteBar) + steps, 2);
      const freq = midiToHz(midi);
      const at = eighthStart(score, noteBar, slot % 8);
      const seconds = length * eighthSeconds;
      switch (score.sound.lead) {
        case 'pluck':
          addPluck(bus, at, seconds + 0.3, freq, 0.5, random);
          break;
        case 'bell':
          addBell(bus, at, seconds + 1.2, freq, 0.28);
          break;
        case 'sine':
          addTone(bus, at, seconds * 0.9, freq, 0.3, [1, 0.15], [0.02, 0.15, 0.7, 0.15]);
          break;
        case 'square':
          addTone(bus, at, seconds * 0.85, freq, 0.2, [1, 0, 0.33, 0, 0.2, 0, 0.14], [0.01, 0.1, 0.6, 0.08]);
          break;
      }
    }
  }
}

/**
 * Renders the whole piece as mono 16-bit PCM of exactly `totalSamples` samples; `instrumental` leaves
 * out the lead melody (the seeded catalogue's stand-in for a vocal), everything else sample for sample.
 */
export function renderPcm(recipe: AudioRecipe, totalSamples: number, { instrumental = false } = {}): Int16Array {
  const random = seededRandom(recipe.seed);
  const score = compose(recipe, totalSamples, random);
  const pad = new Float32Array(totalSamples);
  const bass = new Float32Array(totalSamples);
  const drums = new Float32Array(totalSamples);
  const lead = new Float32Array(totalSamples);
  renderPad(score, pad);
  lowPass(pad, score.sound.lead === 'square' ? 2400 : 1400);
  renderBass(score, bass);
  lowPass(bass, 900);
  renderDrums(score, drums, random);
  renderLead(score, lead, random);
  echo(lead, Math.round(score.beatSamples * 0.75), 0.3);

  const mix = new Float32Array(totalSamples);
  let peak = 1e-9;
  for (let i = 0; i < totalSamples; i++) {
    const value = Math.tanh(pad[i] + bass[i] + drums[i] + (instrumental ? 0 : 0.8 * lead[i]));
    mix[i] = value;
    peak = Math.max(peak, Math.abs(value));
  }
  const fadeIn = Math.round(0.02 * SAMPLE_RATE);
  const fadeOut = Math.min(Math.round(2.5 * SAMPLE_RATE), totalSamples);
  const gain = (0.89 * 32767) / peak;
  const pcm = new Int16Array(totalSamples);
  for (let i = 0; i < totalSamples; i++) {
    const edge = Math.min(1, i / fadeIn, (totalSamples - i) / fadeOut);
    pcm[i] = Math.round(mix[i] * gain * edge);
  }
  return pcm;
}

/** Frames the encoder will write for a piece of `durationSeconds`, so the file's own duration rounds to it. */
export function frameCountFor(durationSeconds: number): number {
  return Math.round((durationSeconds * SAMPLE_RATE) / SAMPLES_PER_FRAME);
}
