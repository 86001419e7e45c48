// pencilbox player, the play clock: the time spent on the open board, kept across pauses and
// reloads; it stands still while paused, in setter mode and once the board is solved.

import { $, st } from "./state.js";

export function elapsedMs() { return st.elapsed + (st.since ? Date.now() - st.since : 0); }

export function fmtTime(ms) {
  const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(ss)}` : `${two(m)}:${two(ss)}`;
}

export function timerRunning() { return st.since !== null; }

export function startTimer() {
  if (!st.rec || st.paused || st.won || st.setter || timerRunning()) return;
  st.since = Date.now();
}

export function stopTimer() {
  if (!timerRunning()) return;
  st.elapsed += Date.now() - st.since;
  st.since = null;
}

export function showTimer() { $("timer").textContent = fmtTime(elapsedMs()); }
