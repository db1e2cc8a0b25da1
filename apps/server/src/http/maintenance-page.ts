/**
 * The page every store URL answers in maintenance mode `all`: self-contained (no script, no
 * stylesheet or image to fetch, since those are closed too), readable at 375 px and up.
 */
export const maintenancePageHtml = `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>メンテナンス中 | 本棚</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Hiragino Sans", "Noto Sans JP", sans-serif; background: #f7f4ef; color: #2b2b2b; }
  main { box-sizing: border-box; max-width: 560px; margin: 0 auto; padding: 64px 20px; text-align: center; }
  .logo { font-size: 28px; font-weight: 700; letter-spacing: 0.1em; margin: 0 0 32px; }
  h1 { font-size: 22px; margin: 0 0 16px; }
  p { font-size: 15px; line-height: 1.8; margin: 0 0 12px; text-align: left; }
  p.logo { text-align: center; }
</style>
</head>
<body>
<main>
  <p class="logo">本棚</p>
  <h1>ただいまメンテナンス中です</h1>
  <p>本棚はただいまメンテナンスを行っています。</p>
  <p>ご不便をおかけしますが、終了までしばらくお待ちください。メンテナンス終了後、あらためてアクセスしてください。</p>
</main>
</body>
</html>
`;
