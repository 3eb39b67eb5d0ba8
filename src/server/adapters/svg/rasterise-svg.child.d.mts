export declare const EXIT_UNREADABLE: 3;
export declare const EXIT_SIZE: 4;
export type RenderLimits = { maxSide: number; maxIntrinsicSide: number; maxAspectRatio: number };
export declare function renderTarget(
  width: number,
  height: number,
  limits: RenderLimits,
): { mode: 'width' | 'height'; width: number; height: number } | null;
