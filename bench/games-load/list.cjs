// GCSGAME_gameList: a random page (1-50) of the RNG category. A file, so that autocannon's worker thread can load it.
module.exports = (request) => ({
  ...request,
  body: JSON.stringify({
    gameType: 'RNG',
    pageNo: 1 + Math.floor(Math.random() * 50),
    pageSize: 20,
    clientType: 3,
    platform: 'html5-desktop',
  }),
});
