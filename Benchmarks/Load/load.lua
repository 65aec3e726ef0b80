-- wrk script for Scripts/load.sh: every request carries an Accept-Language header chosen at
-- random over the twenty languages of LoadFixture, in the shapes browsers send (a bare tag;
-- a regional tag with its language and English behind it; a wildcard and an unknown tag
-- weighted around it). The requests are built once per thread, so wrk's own cost per
-- request is the same for the fixed and the localized server.
--
-- `-- distinct` instead puts a never-seen random tag first in every request (the language
-- the app has follows at a lower weight): the memory run's hostile half.
--
-- `-- third` sends the twenty languages' shapes in two requests of three and, in the third, a
-- never-seen random tag first (issue 33's load rows: a server's memo of headers cannot answer
-- those, so they take the whole negotiation).
--
-- `-- mixed` rotates seven headers in turn, as issue 29's measurement did: `fr`, `en`, `it`,
-- `de;q=0.8`, `zh-Hant-TW`, an invalid header, and 4 KB of junk.

local languages = {
  ar = "EG", cs = "CZ", de = "AT", en = "GB", es = "MX", fr = "CA", he = "IL", hi = "IN",
  it = "CH", ja = "JP", ko = "KR", nl = "BE", pl = "PL", ["pt-BR"] = "BR", ru = "RU",
  sv = "FI", tr = "TR", uk = "UA", ["zh-Hans"] = "CN", ["zh-Hant"] = "TW",
}

local requests = {}
local tags = {}
local distinct = false
local third = false
local mixed = {}
local turn = 0

function init(args)
  distinct = args[1] == "distinct"
  third = args[1] == "third"
  if args[1] == "mixed" then
    for _, header in ipairs({ "fr", "en", "it", "de;q=0.8", "zh-Hant-TW", ";;q=x,,-", string.rep("junk-", 820) }) do
      table.insert(mixed, wrk.format("GET", "/", { ["Accept-Language"] = header }))
    end
  end
  math.randomseed(os.time() + (tonumber(tostring({}):match("0x(%x+)"), 16) or 0) % 100000)
  for tag, region in pairs(languages) do
    local base = tag:match("^(%a+)")
    table.insert(tags, tag)
    table.insert(requests, wrk.format("GET", "/", { ["Accept-Language"] = tag }))
    table.insert(requests, wrk.format("GET", "/", {
      ["Accept-Language"] = base .. "-" .. region .. "," .. base .. ";q=0.9,en-US;q=0.8,en;q=0.7" }))
    table.insert(requests, wrk.format("GET", "/", {
      ["Accept-Language"] = "*;q=0.1, " .. tag .. ";q=0.8, xx;q=0.9" }))
  end
end

local letters = "abcdefghijklmnopqrstuvwxyz"
local function random_subtag(length)
  local out = {}
  for i = 1, length do
    local n = math.random(26)
    out[i] = letters:sub(n, n)
  end
  return table.concat(out)
end

function request()
  if #mixed > 0 then
    turn = turn % #mixed + 1
    return mixed[turn]
  end
  if distinct or (third and math.random(3) == 1) then
    -- A well-formed tag (a language and a variant), 26^11 of them: in practice never the same twice.
    local tag = random_subtag(3) .. "-" .. random_subtag(8)
    return wrk.format("GET", "/", { ["Accept-Language"] = tag .. ", " .. tags[math.random(#tags)] .. ";q=0.5" })
  end
  return requests[math.random(#requests)]
end
