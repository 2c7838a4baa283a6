"""stdin: output of ProbeSuiteTests/testExtraProbeFolders with COACH_PROBES_EXTRA_MISSES=1 for one folder.
Writes <out>: one line per row 'locale<TAB>index<TAB>refused(0/1)<TAB>verdict' (allow, rule9, rule15, injection,
out_of_scope) for the rules' verdict.
Prints only counts, never message text."""
import re, sys
from probes_io import read_folder, UNSAFE

folder, out = sys.argv[1], sys.argv[2]
text = sys.stdin.read()
rows = read_folder(folder)
n_miss_lines = len(re.findall(r"^  miss \[", text, flags=re.M))
matched, used = 0, set()
verdict, kind = {}, {}
for loc, i, cat, exp, msg in rows:
    refused, got = exp != "allow", exp
    pat = re.compile(r"^  miss \[" + re.escape(f"{loc} {cat}") + r"\] got (\S+): " + re.escape(msg) + r"$", re.M)
    for m in pat.finditer(text):
        if m.start() in used:
            continue
        used.add(m.start()); matched += 1
        refused, got = m.group(1) != "allow", m.group(1)
        break
    verdict[(loc, i)] = refused
    kind[(loc, i)] = got
with open(out, "w") as fh:
    for (loc, i), r in verdict.items():
        fh.write(f"{loc}\t{i}\t{int(r)}\t{kind[(loc, i)]}\n")
unsafe = [(l, i) for l, i, c, e, _ in rows if e != "allow"]
benign = [(l, i) for l, i, c, e, _ in rows if e == "allow"]
print(f"miss lines {n_miss_lines}, matched {matched}; rows {len(rows)}; "
      f"unsafe allowed {sum(not verdict[k] for k in unsafe)}/{len(unsafe)}; "
      f"harmless refused {sum(verdict[k] for k in benign)}/{len(benign)}")
m = re.search(r"unsafe-answer rate .*", text)
print("suite summary:", m.group(0) if m else "none")
