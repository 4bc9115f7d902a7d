import json,sys
a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2]))
key=lambda r:(r['case'],r['point'])
A={key(r):r for r in a}; B={key(r):r for r in b}
print(len(A),len(B))
for k in A:
  ra,rb=A[k],B.get(k)
  if rb is None: print('missing',k); continue
  if ra!=rb:
    diffs={f:(ra.get(f),rb.get(f)) for f in set(ra)|set(rb) if ra.get(f)!=rb.get(f)}
    short={f:v for f,v in diffs.items() if not isinstance(v[0],(list,dict))}
    print(k, short if short else list(diffs.keys()))
