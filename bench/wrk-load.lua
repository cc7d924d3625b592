-- Load of bench/tickets-queue.ts when wrk is installed (apt install wrk): a C load generator costs the shared
-- 2 cores far less than bench/load-client.ts. Arguments: a path template ({rand:N} becomes 1..N), then the tokens;
-- each request is signed with the next token. Prints one JSON line: p50, p95, max (ms), requests, non-2xx answers.
local template, tokens, sent = nil, {}, 0

function init(args)
  template = args[1]
  for i = 2, #args do tokens[#tokens + 1] = args[i] end
  math.randomseed(os.time())
end

function request()
  sent = sent + 1
  local path = template:gsub("{rand:(%d+)}", function(n) return tostring(math.random(1, tonumber(n))) end)
  return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. tokens[(sent % #tokens) + 1] })
end

function done(summary, latency, requests)
  io.write(string.format('{"p50":%.3f,"p95":%.3f,"max":%.3f,"requests":%d,"failed":%d,"statusErrors":%d,"timeouts":%d}\n',
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency.max / 1000, summary.requests,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status, summary.errors.timeout))
end
