/** Japanese copy of the API client's own failures (spec §9 30 s timeout; no English reaches a reader). */
export const apiCopy = {
  timeout: '通信がタイムアウトしました。電波の良い場所で、もう一度お試しください。',
  network: '通信に失敗しました。接続を確認して、もう一度お試しください。',
} as const;
