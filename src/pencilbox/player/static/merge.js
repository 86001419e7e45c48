// pencilbox player, two tabs on one board: what another tab saved, merged with this tab's
// position so that neither tab's moves are dropped. Pure: the positions in, the merge out
// (persist.js applies it). A position here is {pos, notes, depth, trial}: the marks, the pencil
// marks, each mark's trial level and the trials open.

const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

function moved(p, base) {
  return !(same(p.pos, base.pos) && same(p.notes, base.notes) && same(p.depth, base.depth) && p.trial === base.trial);
}

/** base: the position this tab last read or wrote; mine: this tab's now; theirs: the other tab's
 *  save. "kept" when theirs moved nothing since base (only its clock or history changed),
 *  "adopted" when this tab moved nothing (theirs is taken whole), else "merged": each cell as
 *  the tab that changed it left it, this tab's where both did (counted in conflicts), with the
 *  move from theirs to the merge (one undo step back to the other tab's position). */
export function mergeProgress(base, mine, theirs) {
  if (!moved(theirs, base)) return { kind: "kept" };
  if (!moved(mine, base)) return { kind: "adopted" };
  const n = base.pos.length;
  const out = { kind: "merged", pos: [], notes: [], depth: [], conflicts: 0, move: { ch: [], nt: [], kind: "merge" } };
  for (let i = 0; i < n; i++) {
    const mark = mine.pos[i] !== base.pos[i] || mine.depth[i] !== base.depth[i] ? mine : theirs;
    const note = mine.notes[i] !== base.notes[i] ? mine : theirs;
    out.pos.push(mark.pos[i]);
    out.depth.push(mark.depth[i]);
    out.notes.push(note.notes[i]);
    const both = (f) => mine[f][i] !== base[f][i] && theirs[f][i] !== base[f][i] && mine[f][i] !== theirs[f][i];
    if (both("pos") || both("notes")) out.conflicts += 1;
    if (out.pos[i] !== theirs.pos[i] || out.depth[i] !== theirs.depth[i]) {
      out.move.ch.push([i, theirs.pos[i], out.pos[i], theirs.depth[i], out.depth[i]]);
    }
    if (out.notes[i] !== theirs.notes[i]) out.move.nt.push([i, theirs.notes[i], out.notes[i]]);
  }
  out.trial = mine.trial !== base.trial ? mine.trial : theirs.trial;
  if (out.trial !== theirs.trial) out.move.trial = out.trial - theirs.trial;
  return out;
}
