-- One route of pnpm bench:load, for one wrk process:
--   wrk ... -s scripts/bench/load.lua <url> -- ROUTE DATA_FILE [OFFSET]
-- DATA_FILE (written by load.mjs) holds a line per item: "t TOKEN" (a member's),
-- "s PHONE PASSWORD" (a sign-in), "p MEMBER TRAILER VIEW" (a watch: the member's
-- index in the tokens, the trailer id, the view id). Each request takes the next
-- member in turn; the watch takes the next (member, trailer) pair from OFFSET, each
-- pair paying once a day, so no request repeats a watch; it names the view the
-- bench opened for that pair (lib.mjs openBenchViews).
local route, data, n

local function read(path)
  local d = { tokens = {}, signins = {}, pairs = {} }
  for line in io.lines(path) do
    local kind, rest = line:match('^(%a) (.*)$')
    if kind == 't' then
      d.tokens[#d.tokens + 1] = rest
    elseif kind == 's' then
      local phone, password = rest:match('^(%S+) (%S+)$')
      d.signins[#d.signins + 1] = { phone = phone, password = password }
    elseif kind == 'p' then
      local m, trailer, view = rest:match('^(%d+) (%d+) (%S+)$')
      d.pairs[#d.pairs + 1] = { tonumber(m), trailer, view }
    end
  end
  return d
end

function init(args)
  route = args[1]
  data = read(args[2])
  n = tonumber(args[3] or '0')
end

local function bearer(token)
  return { ['Authorization'] = 'Bearer ' .. token }
end

-- Members sign in rarely (a token lasts 15 minutes, a login 30 days), and each
-- sign-in costs an argon2 verification (64 MiB, a core for tens of ms): a
-- closed loop of them would measure nothing but argon2. One every SIGNIN_DELAY_MS
-- per connection instead.
local SIGNIN_DELAY_MS = 250

function delay()
  if route == 'signin' then return SIGNIN_DELAY_MS end
  return 0
end

function request()
  n = n + 1
  if route == 'signin' then
    local m = data.signins[(n % #data.signins) + 1]
    return wrk.format('POST', '/token', { ['Content-Type'] = 'application/x-www-form-urlencoded' },
      'username=' .. m.phone .. '&password=' .. m.password)
  elseif route == 'watch' then
    local pair = data.pairs[(n % #data.pairs) + 1]
    local headers = bearer(data.tokens[pair[1]])
    headers['Content-Type'] = 'application/json'
    return wrk.format('POST', '/trailers/' .. pair[2] .. '/watch', headers,
      '{"view_id":"' .. pair[3] .. '"}')
  end
  local token = data.tokens[(n % #data.tokens) + 1]
  if route == 'me' then
    return wrk.format('GET', '/users/me', bearer(token))
  elseif route == 'trailers' then
    return wrk.format('GET', '/trailers', bearer(token))
  elseif route == 'records' then
    return wrk.format('GET', '/balance', bearer(token))
  elseif route == 'moments' then
    return wrk.format('GET', '/moments', bearer(token))
  end
  error('unknown route ' .. tostring(route))
end
