/** My-list and notice copy the series page and header render before any click (decision 008). */
export const jaNoticesEntry = {
  wish: {
    add: 'マイリストに追加',
    remove: 'マイリスト登録済み',
    loginToAdd: 'ログインしてマイリストに追加',
    failed: 'マイリストを更新できませんでした',
  },
  settingsLink: '新刊通知設定',
  badge: '未読のお知らせ {{count}}件',
} as const;
