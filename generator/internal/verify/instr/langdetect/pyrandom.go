package langdetect

import (
	"math"
	"math/bits"
)

// pyRandom reproduces the parts of CPython's random.Random (MT19937) that
// langdetect uses: seed(int), choice and gauss. It is a value owned by one
// detection; nothing is shared.
type pyRandom struct {
	mt        [624]uint32
	idx       int
	gaussNext float64
	hasGauss  bool
}

func newPyRandom(seed uint32) *pyRandom {
	r := &pyRandom{}
	r.initByArray([]uint32{seed})
	return r
}

func (r *pyRandom) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < 624; i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.idx = 624
}

func (r *pyRandom) initByArray(key []uint32) {
	r.initGenrand(19650218)
	i, j := 1, 0
	k := max(624, len(key))
	for ; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= 624 {
			r.mt[0] = r.mt[623]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = 623; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= 624 {
			r.mt[0] = r.mt[623]
			i = 1
		}
	}
	r.mt[0] = 0x80000000
}

func (r *pyRandom) uint32() uint32 {
	if r.idx >= 624 {
		r.twist()
	}
	y := r.mt[uint(r.idx)%624]
	r.idx++
	return temper(y)
}

// temper is genrand_uint32's tempering of a word of state.
func temper(y uint32) uint32 {
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// twist makes the next 624 words of state, genrand_uint32's loop written
// as its three ranges so that no index wraps.
func (r *pyRandom) twist() {
	mt := &r.mt
	next := func(a, b, c uint32) uint32 {
		y := a&0x80000000 | b&0x7fffffff
		v := c ^ y>>1
		if y&1 != 0 {
			v ^= 0x9908b0df
		}
		return v
	}
	kk := 0
	for ; kk < 624-397; kk++ {
		mt[kk] = next(mt[kk], mt[kk+1], mt[kk+397])
	}
	for ; kk < 623; kk++ {
		mt[kk] = next(mt[kk], mt[kk+1], mt[kk+397-624])
	}
	mt[623] = next(mt[623], mt[0], mt[396])
	r.idx = 0
}

// float returns random.random(): 53 random bits in [0, 1).
func (r *pyRandom) float() float64 {
	a, b := r.uint32()>>5, r.uint32()>>6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}

// below returns random._randbelow(n) for 0 < n < 2^32, the index
// random.choice picks. It draws the words as uint32 does, without a call
// for each: it is called once per sampling round.
func (r *pyRandom) below(n int) int {
	k := bits.Len(uint(n))
	for {
		if r.idx >= 624 {
			r.twist()
		}
		y := temper(r.mt[uint(r.idx)%624])
		r.idx++
		if v := int(y >> (32 - k)); v < n {
			return v
		}
	}
}

// gauss returns random.gauss(0, 1).
func (r *pyRandom) gauss() float64 {
	if r.hasGauss {
		r.hasGauss = false
		return r.gaussNext
	}
	x2pi := r.float() * 2 * math.Pi
	g2rad := math.Sqrt(-2.0 * math.Log(1.0-r.float()))
	r.gaussNext, r.hasGauss = math.Sin(x2pi)*g2rad, true
	return math.Cos(x2pi) * g2rad
}
