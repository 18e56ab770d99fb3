const fs=require("fs");const f=fs.readdirSync(".").filter(f=>f.endsWith(".cpuprofile")).sort().pop();const p=JSON.parse(fs.readFileSync(f));
const self=new Map();const dt=p.timeDeltas;const idx=new Map(p.nodes.map(n=>[n.id,n]));
for(let i=0;i<p.samples.length;i++){const n=idx.get(p.samples[i]);const k=n.callFrame.functionName+" "+(n.callFrame.url.split("/").pop())+":"+n.callFrame.lineNumber;self.set(k,(self.get(k)||0)+dt[i]);}
const tot=[...self.values()].reduce((a,b)=>a+b,0);
for(const [k,v] of [...self].sort((a,b)=>b[1]-a[1]).slice(0,+process.argv[2]||30))console.log((v/tot*100).toFixed(1).padStart(5),k);
