// GCSGAME_gameList: a search whose keyword (6 random hex digits) was never asked before.
const { randomBytes } = require('node:crypto');
module.exports = (request) => ({
  ...request,
  body: JSON.stringify({ keyword: randomBytes(3).toString('hex'), pageNo: 1 }),
});
