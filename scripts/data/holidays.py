"""Regenerates data/us-federal-holidays/holidays.json (5 U.S.C. 6103) and data/us-state-holidays/holidays.json
(state statutes) for 2010-2035. Run: python3 scripts/data/holidays.py --write (checks 2024-2035 against the old table)."""
import json, os, datetime as dt
ROOT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'..','..')
def nth(y,m,wd,n):  # n-th weekday (0=Mon) of month; n=-1 last
    if n>0:
        d=dt.date(y,m,1); d+=dt.timedelta((wd-d.weekday())%7); return d+dt.timedelta(7*(n-1))
    d=dt.date(y,m+1,1)-dt.timedelta(1) if m<12 else dt.date(y,12,31); return d-dt.timedelta((d.weekday()-wd)%7)
def federal(y):
    h=[("New Year's Day",dt.date(y,1,1)),("Birthday of Martin Luther King, Jr.",nth(y,1,0,3)),("Washington's Birthday",nth(y,2,0,3)),("Memorial Day",nth(y,5,0,-1))]
    if y>=2021: h.append(("Juneteenth National Independence Day",dt.date(y,6,19)))
    h+=[("Independence Day",dt.date(y,7,4)),("Labor Day",nth(y,9,0,1)),("Columbus Day",nth(y,10,0,2)),("Veterans Day",dt.date(y,11,11)),("Thanksgiving Day",nth(y,11,3,4)),("Christmas Day",dt.date(y,12,25))]
    return h
def observed_fed(d):
    return d-dt.timedelta(1) if d.weekday()==5 else d+dt.timedelta(1) if d.weekday()==6 else d
rows=[]
for y in range(2010,2036):
    for name,d in federal(y):
        o=observed_fed(d)
        rows.append(dict(date=o.isoformat(),holiday=name,actual_date=d.isoformat(),observed=o!=d))
# New Year's Day of 2036 observed in 2035? (2036-01-01 is Tuesday: no)
for name,d in [("New Year's Day",dt.date(2036,1,1))]:
    o=observed_fed(d)
    if o.year==2035: rows.append(dict(date=o.isoformat(),holiday=name,actual_date=d.isoformat(),observed=True))
rows.sort(key=lambda r:r['date'])
old=json.load(open(os.path.join(ROOT,'data/us-federal-holidays/holidays.json')))
mine=[r for r in rows if r['date']>='2024-01-01']
oldm=[r for r in old['holidays'] if r['date']>='2024-01-01']
print('same 2024-2035:', mine==oldm, len(mine), len(oldm))
if mine!=oldm:
    a={r['date']:r for r in mine}; b={r['date']:r for r in oldm}
    print(set(a)^set(b))
old['years']=[2010,2035]; old['holidays']=rows
s=json.dumps(old,indent=1,ensure_ascii=False)+'\n'
import sys
if '--write' in sys.argv: open(os.path.join(ROOT,'data/us-federal-holidays/holidays.json'),'w').write(s)
# New York: Gen. Constr. Law § 24
def ny(y):
    h=[("New Year's day",dt.date(y,1,1)),("Dr. Martin Luther King, Jr. day",nth(y,1,0,3)),("Lincoln's birthday",dt.date(y,2,12)),("Washington's birthday",nth(y,2,0,3)),("Memorial day",nth(y,5,0,-1))]
    if y>=2021: h.append(("Juneteenth",dt.date(y,6,19)))
    h+=[("Independence day",dt.date(y,7,4)),("Labor day",nth(y,9,0,1)),("Columbus day",nth(y,10,0,2)),("Veterans' day",dt.date(y,11,11)),("Thanksgiving day",nth(y,11,3,4)),("Christmas day",dt.date(y,12,25))]
    out=[]
    for name,d in h:
        out.append(dict(date=d.isoformat(),holiday=name,actual_date=d.isoformat(),observed=False))
        if d.weekday()==6:
            n=d+dt.timedelta(1); out.append(dict(date=n.isoformat(),holiday=name,actual_date=d.isoformat(),observed=True))
    # general election day: Tuesday after the first Monday in November
    e=nth(y,11,0,1)+dt.timedelta(1); out.append(dict(date=e.isoformat(),holiday='General election day',actual_date=e.isoformat(),observed=False))
    return out
nyrows=sorted([r for y in range(2010,2036) for r in ny(y)],key=lambda r:r['date'])
st={"source":"State legal holidays as the statutes declare them; one table per state code. Dates are the days the statute makes a holiday (a Sunday holiday's following Monday where the statute says so); a holiday falling on a Saturday is listed on its own date (the statute moves only Sunday holidays).",
    "years":[2010,2035],
    "states":{"US-NY":{"citation":"N.Y. Gen. Constr. Law § 24 (as amended by L. 2020, ch. 249: Juneteenth)","time_rule":"N.Y. Gen. Constr. Law § 25-a","holidays":nyrows}}}
if '--write' in sys.argv:
    os.makedirs(os.path.join(ROOT,'data/us-state-holidays'),exist_ok=True)
    open(os.path.join(ROOT,'data/us-state-holidays/holidays.json'),'w').write(json.dumps(st,indent=1,ensure_ascii=False)+'\n')
print(len(rows), len(nyrows))
