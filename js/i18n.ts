// Interface text. Narration of moves comes from Python (one place for the
// rules' words); these are the board's own labels and buttons.

import type { Cell, Game, Player } from "./types";
import { ownerOf } from "./layout";

const EN = {
  toMove: (name: string) => `${name} to move`,
  wins: (name: string) => `${name} wins`,
  draw: "Draw",
  oneWarrior: "a one-warrior victory",
  stones: (n: number) => (n === 1 ? "1 stone" : `${n} stones`),
  warriors: (n: number) => (n === 1 ? "1 warrior" : `${n} warriors`),
  row: { inner: "inner row", outer: "outer row" } as Record<string, string>,
  hole: (side: string, row: string, n: number) => `${side} ${row}, hole ${n}`,
  boma: (side: string, n: number) => `${side}'s boma ${n}`,
  jail: (side: string) => `${side}'s jail`,
  jailShort: (side: string) => (side.length > 8 ? `${side.slice(0, 7)}\u2026` : side),
  canPlay: "can be played",
  nki: "nki (protected)",
  lastMove: "last move",
  selected: "selected",
  lifted: "lifted",
  replay: "Replay move",
  history: (n: number) => `Moves (${n})`,
  showAfter: "Show the game after this move",
  playAgainTo: "Taken back: play the moves again up to this one",
  back: "Step back",
  play: "Play",
  pause: "Pause",
  forward: "Step forward",
  end: "Skip to end",
  speed: "Speed",
  undo: "Undo",
  redo: "Redo",
  reset: "Restart",
  busy: "Wait for the move to finish, or skip to its end (End key).",
  lift: (k: number, of: number) => `Lift ${k} of ${of}`,
  sow: (k: number) => `Sow ${k}`,
  fewer: "One fewer",
  more: "One more",
  openingLift: (name: string) => `Opening: ${name} chooses two bomas of their row to empty.`,
  openingPlace: (left: number) =>
    left ? `Place the lifted warriors: ${left} left. Click a boma to drop one.` : "All warriors placed: confirm or take back.",
  takeBack: "Take back",
  confirm: "Confirm",
  cancel: "Cancel",
  step: (i: number, n: number) => `Step ${i} of ${n}`,
  inHand: (n: number) => `${n} in hand`,
  board: (title: string) => `${title} board`,
  watching: "Watching: moves come from the notebook.",
  controls: "Move controls",
  placed: (n: number) => `${n} placed`,
  lessonStep: (i: number, n: number) => `Step ${i} of ${n}`,
  next: "Next",
  previous: "Back",
  restartLesson: "Restart lesson",
  noCapture: "No capture",
  check: "Check",
  chosen: "chosen",
  choose: "click to answer",
  lessonNav: "Lesson steps",
  thinking: (name: string) => `${name} is thinking\u2026`,
};

export type Strings = typeof EN;

const KO: Strings = {
  toMove: (name: string) => `${name} 차례`,
  wins: (name: string) => `${name} 승리`,
  draw: "무승부",
  oneWarrior: "전사 한 명의 승리",
  stones: (n: number) => `돌 ${n}개`,
  warriors: (n: number) => `전사 ${n}명`,
  row: { inner: "안쪽 줄", outer: "바깥쪽 줄" } as Record<string, string>,
  hole: (side: string, row: string, n: number) => `${side} ${row}, ${n}번 구멍`,
  boma: (side: string, n: number) => `${side} ${n}번 보마`,
  jail: (side: string) => `${side} 감옥`,
  jailShort: (side: string) => (side.length > 8 ? `${side.slice(0, 7)}\u2026` : side),
  canPlay: "둘 수 있음",
  nki: "nki (보호됨)",
  lastMove: "마지막 수",
  selected: "선택됨",
  lifted: "집어 듦",
  replay: "수 다시 보기",
  history: (n: number) => `수 기록 (${n})`,
  showAfter: "이 수를 둔 뒤의 판 보기",
  playAgainTo: "무른 수: 이 수까지 다시 두기",
  back: "한 단계 뒤로",
  play: "재생",
  pause: "일시 정지",
  forward: "한 단계 앞으로",
  end: "끝으로 건너뛰기",
  speed: "속도",
  undo: "무르기",
  redo: "다시 하기",
  reset: "처음부터",
  busy: "수가 끝날 때까지 기다리거나 끝으로 건너뛰세요 (End 키).",
  lift: (k: number, of: number) => `${of}명 중 ${k}명 들기`,
  sow: (k: number) => `${k}명 뿌리기`,
  fewer: "하나 적게",
  more: "하나 더",
  openingLift: (name: string) => `오프닝: ${name}, 자기 줄에서 비울 보마 두 개를 고르세요.`,
  openingPlace: (left: number) =>
    left ? `집어 든 전사를 놓으세요: ${left}명 남음. 보마를 누르면 한 명씩 놓입니다.` : "모두 놓았습니다: 확인하거나 되돌리세요.",
  takeBack: "되돌리기",
  confirm: "확인",
  cancel: "취소",
  step: (i: number, n: number) => `${n}단계 중 ${i}단계`,
  inHand: (n: number) => `손에 ${n}개`,
  board: (title: string) => `${title} 판`,
  watching: "보기 모드: 수는 노트북에서 둡니다.",
  controls: "수 조작",
  placed: (n: number) => `${n}명 놓음`,
  lessonStep: (i: number, n: number) => `${n}단계 중 ${i}단계`,
  next: "다음",
  previous: "이전",
  restartLesson: "수업 처음부터",
  noCapture: "획득 없음",
  check: "확인",
  chosen: "골랐음",
  choose: "눌러서 답하기",
  lessonNav: "수업 단계",
  thinking: (name: string) => `${name} 생각 중\u2026`,
};

export const STRINGS: Record<string, Strings> = { en: EN, ko: KO };

export function ownNumber(game: Game, [r, c]: Cell, columns: number): number {
  const south = ownerOf(game, [r, c]) === "south";
  if (game === "kisolo") return south ? c + 1 : columns - c;
  return south ? c + 1 : 10 - c;
}

/** "South inner row, hole 3" / "North's boma 2", as a screen reader says it. */
export function cellName(t: Strings, game: Game, cell: Cell, columns: number, labels: Record<Player, string>): string {
  const side = labels[ownerOf(game, cell)];
  const n = ownNumber(game, cell, columns);
  if (game === "kisolo") {
    const inner = cell[0] === 1 || cell[0] === 2;
    return t.hole(side, t.row[inner ? "inner" : "outer"], n);
  }
  return t.boma(side, n);
}
