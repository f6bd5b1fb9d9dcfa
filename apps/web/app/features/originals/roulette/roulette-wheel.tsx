import { Fragment, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { numberColor, WHEEL_ORDER } from "./roulette-layout.ts";

// The wheel and its ball, drawn by us. A spin turns the wheel one way and sends the ball the other
// way round and down into the server's pocket; with reduced motion (or no Web Animations) the
// wheel simply shows the ball in that pocket.

const STEP = 360 / WHEEL_ORDER.length;
const SIZE = 240;
const CENTRE = SIZE / 2;
const RIM = 112;
const POCKET_OUTER = 100;
const POCKET_INNER = 74;
const BALL_TRACK = 106;
const BALL_REST = 86;
export const SPIN_MS = 4200;

const FILL = { red: "fill-ruby-600", black: "fill-ink-900", green: "fill-brand-600" } as const;

function point(radius: number, degrees: number): [number, number] {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return [CENTRE + radius * Math.cos(radians), CENTRE + radius * Math.sin(radians)];
}

function wedge(index: number): string {
  const start = index * STEP - STEP / 2;
  const end = start + STEP;
  const [ax, ay] = point(POCKET_OUTER, start);
  const [bx, by] = point(POCKET_OUTER, end);
  const [cx, cy] = point(POCKET_INNER, end);
  const [dx, dy] = point(POCKET_INNER, start);
  return `M${ax} ${ay}A${POCKET_OUTER} ${POCKET_OUTER} 0 0 1 ${bx} ${by}L${cx} ${cy}A${POCKET_INNER} ${POCKET_INNER} 0 0 0 ${dx} ${dy}Z`;
}

/** Where the wheel and ball stop for a pocket: whole turns plus the pocket's place, so each spin goes forward. */
export function restingAngles(pocket: number, previousWheel: number): { wheel: number; ball: number } {
  const index = Math.max(0, WHEEL_ORDER.indexOf(pocket));
  const wheel = previousWheel + 720 + ((pocket * 47) % 360);
  return { wheel, ball: wheel + index * STEP };
}

/** A spin to show: a new object each time, so landing twice on a number still spins. */
export type WheelSpin = { pocket: number };

type Props = {
  /** The last spin, or null before the first (the ball then waits on its track). */
  spin: WheelSpin | null;
  reducedMotion: boolean;
  onSettled: () => void;
};

export function RouletteWheel({ spin, reducedMotion, onSettled }: Props) {
  const { t } = useTranslation("roulette");
  const wheelRef = useRef<SVGGElement>(null);
  const ballRef = useRef<SVGGElement>(null);
  const ballInnerRef = useRef<SVGCircleElement>(null);
  const angles = useRef({ wheel: 0, ball: 0 });
  const settled = useRef(onSettled);
  const motionReduced = useRef(reducedMotion);
  useLayoutEffect(() => {
    settled.current = onSettled;
    motionReduced.current = reducedMotion;
  });

  useLayoutEffect(() => {
    if (!spin) return;
    const from = angles.current;
    const to = restingAngles(spin.pocket, from.wheel);
    angles.current = to;
    const wheel = wheelRef.current;
    const ball = ballRef.current;
    const inner = ballInnerRef.current;
    const place = () => {
      wheel?.setAttribute("transform", `rotate(${to.wheel % 360} ${CENTRE} ${CENTRE})`);
      ball?.setAttribute("transform", `rotate(${to.ball % 360} ${CENTRE} ${CENTRE})`);
    };
    if (motionReduced.current || !wheel || !ball || !inner || typeof wheel.animate !== "function") {
      place();
      settled.current();
      return;
    }
    const timing = { duration: SPIN_MS, easing: "cubic-bezier(0.12, 0.6, 0.25, 1)", fill: "forwards" as const };
    const origin = `${CENTRE}px ${CENTRE}px`;
    const animations = [
      wheel.animate([{ transform: `rotate(${from.wheel}deg)` }, { transform: `rotate(${to.wheel}deg)` }], { ...timing }),
      // The ball runs against the wheel, several turns, then drops into the pocket.
      ball.animate([{ transform: `rotate(${from.ball}deg)` }, { transform: `rotate(${to.ball - 360 * 4}deg)` }], { ...timing }),
      inner.animate([{ transform: `translateY(${BALL_REST - BALL_TRACK}px)` }, { transform: `translateY(${BALL_REST - BALL_TRACK}px)`, offset: 0.6 }, { transform: "translateY(0)" }], {
        ...timing,
        easing: "ease-in",
      }),
    ];
    wheel.style.transformOrigin = origin;
    ball.style.transformOrigin = origin;
    let cancelled = false;
    void Promise.all(animations.map((animation) => animation.finished)).then(
      () => {
        if (cancelled) return;
        for (const animation of animations) animation.cancel();
        wheel.style.transformOrigin = "";
        ball.style.transformOrigin = "";
        place();
        settled.current();
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      for (const animation of animations) animation.cancel();
      place();
    };
  }, [spin]);

  return (
    <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className="block size-full" role="img" aria-label={t("wheel")} data-roulette-wheel="">
      <defs>
        <radialGradient id="roulette-rim" cx="50%" cy="50%" r="50%">
          <stop offset="80%" stopColor="#3b2a12" />
          <stop offset="100%" stopColor="#8f5a06" />
        </radialGradient>
        <radialGradient id="roulette-hub" cx="40%" cy="35%" r="70%">
          <stop offset="0%" stopColor="#ffe49e" />
          <stop offset="100%" stopColor="#8f5a06" />
        </radialGradient>
      </defs>
      <circle cx={CENTRE} cy={CENTRE} r={RIM + 6} fill="url(#roulette-rim)" />
      <circle cx={CENTRE} cy={CENTRE} r={RIM} className="fill-ink-950" />
      <g ref={wheelRef}>
        {WHEEL_ORDER.map((number, index) => {
          const [x, y] = point((POCKET_OUTER + POCKET_INNER) / 2 + 2, index * STEP);
          return (
            <Fragment key={number}>
              <path d={wedge(index)} className={`${FILL[numberColor(number)]} stroke-gold-300/60`} strokeWidth={0.6} />
              <text x={x} y={y} transform={`rotate(${index * STEP} ${x} ${y})`} textAnchor="middle" dominantBaseline="central" className="fill-white text-[8px] font-bold">
                {number}
              </text>
            </Fragment>
          );
        })}
        <circle cx={CENTRE} cy={CENTRE} r={POCKET_INNER} className="fill-ink-800" />
        {[0, 45, 90, 135].map((angle) => (
          <rect key={angle} x={CENTRE - 2} y={CENTRE - 44} width={4} height={88} rx={2} transform={`rotate(${angle} ${CENTRE} ${CENTRE})`} fill="url(#roulette-hub)" />
        ))}
        <circle cx={CENTRE} cy={CENTRE} r={14} fill="url(#roulette-hub)" />
      </g>
      <g ref={ballRef} data-ball="">
        <circle ref={ballInnerRef} cx={CENTRE} cy={CENTRE - (spin === null ? BALL_TRACK : BALL_REST)} r={5} className="fill-white" stroke="#a8b1c6" strokeWidth={1} />
      </g>
    </svg>
  );
}
